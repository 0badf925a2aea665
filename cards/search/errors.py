"""The one error the search syntax raises, pointing at the token that caused it."""

from __future__ import annotations


class SearchSyntaxError(ValueError):
    """A query the search syntax cannot read.

    ``position`` is the character offset of the bad token in ``query`` and
    ``token`` its text, so a page can mark it and an API client can point at it.
    ``unfinished`` says whether typing on might make it readable: True where an opening
    quote or parenthesis awaits its partner, False where nothing typed could (a query
    too long), None to tell by the bad token's place (see ``may_be_unfinished``).
    """

    def __init__(
        self,
        message: str,
        position: int,
        token: str,
        query: str = "",
        *,
        unfinished: bool | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.position = position
        self.token = token
        self.query = query
        self.unfinished = unfinished

    def __str__(self) -> str:
        return f"{self.message} at column {self.column}"

    @property
    def column(self) -> int:
        """The 1-based column of the bad token, as people count."""
        return self.position + 1

    @property
    def may_be_unfinished(self) -> bool:
        """Whether the query may only be unfinished, as a live search sees it while the
        player types: the bad token is the last thing typed, with no space after it
        (``kind:av`` on the way to ``kind:avatar``), or a quote or parenthesis is open."""
        if self.unfinished is not None:
            return self.unfinished
        end = self.position + len(self.token)
        return bool(self.query) and end >= len(self.query) and not self.query[-1].isspace()

    def marked(self) -> tuple[str, str, str]:
        """The query split into (before, bad token, after), for highlighting the token."""
        end = self.position + len(self.token)
        return self.query[: self.position], self.query[self.position : end], self.query[end:]

    def caret_line(self) -> str:
        """The query with a line of carets under the bad token, for plain-text output."""
        width = max(len(self.token), 1)
        return f"{self.query}\n{' ' * self.position}{'^' * width}"

    def as_dict(self) -> dict[str, str | int]:
        """The error as JSON-ready data for the API."""
        return {
            "message": self.message,
            "position": self.position,
            "column": self.column,
            "token": self.token,
            "query": self.query,
        }
