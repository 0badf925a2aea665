"""The share token in an unlisted deck's URLs (/decks/s/<token>/)."""

from __future__ import annotations


class ShareTokenConverter:
    """A URL-safe token; never all digits, so a deck's number never reverses to it."""

    regex = "[A-Za-z0-9_-]{16,32}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: object) -> str:
        if not isinstance(value, str) or value.isdigit():
            raise ValueError("Not a share token.")
        return value
