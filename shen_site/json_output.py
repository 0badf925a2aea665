"""JSON out, written by orjson: DRF's ``JSONRenderer`` bytes at a tenth of the stdlib's cost.

A 50-card catalogue page is some 40 KB of JSON; the stdlib's encoder took longer to
write it than the database took to read it. orjson writes the same bytes as DRF's
compact, non-ASCII-keeping output for strings, integers, booleans, null, lists and
dicts with string keys: the same escapes (``\\"``, ``\\\\``, ``\\n``, ``\\u001f``, raw
UTF-8 otherwise), the same separators. Everything else it is not sure to write
alike goes the stdlib's way:

- dates, times, decimals, UUIDs, lazy strings, dataclasses... through DRF's own
  encoder (``default``), so ``2026-11-30T12:00:00.123Z`` keeps DRF's form;
- a dict with non-string keys, an integer beyond 64 bits, or nesting deeper than
  orjson's limit: the whole document by DRF's renderer;
- an indented answer (``Accept: application/json; indent=4``): DRF's renderer.

Floats are the one difference orjson keeps: the same value, but an exponent is
written ``1e-7``, not Python's ``1e-07``. So this renderer serves the catalogue,
whose documents hold none (``cards.api.views``), not every endpoint.

JSON already written (a card's stored document, ``cards.api.stored``) comes in as a
``JSONText``: orjson copies its text into the document as it is; DRF's renderer (an
indented answer, the browsable API) reads it back and writes it its own way.
"""

from __future__ import annotations

from typing import Any

import orjson
from rest_framework.renderers import JSONRenderer
from rest_framework.utils.encoders import JSONEncoder

# Dates and dataclasses are handed to DRF's encoder rather than written orjson's way.
_OPTIONS = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS
# DRF escapes these two (valid JSON, but not valid JavaScript in older engines).
_LINE_SEPARATOR = ("\u2028".encode(), b"\\u2028")
_PARAGRAPH_SEPARATOR = ("\u2029".encode(), b"\\u2029")


class JSONText:
    """A JSON value already written as ``text`` (compact, by ``FastJSONRenderer``), to be
    put into a document as it is."""

    __slots__ = ("text",)

    def __init__(self, text: str | bytes) -> None:
        self.text = text

    def __repr__(self) -> str:
        return f"JSONText({self.text!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, JSONText) and self.text == other.text

    def __hash__(self) -> int:
        return hash(self.text)

    def value(self) -> Any:
        """The value the text writes."""
        return orjson.loads(self.text)


class TextReadingEncoder(JSONEncoder):
    """DRF's encoder, reading a ``JSONText`` back into the value it writes."""

    def default(self, obj: Any) -> Any:
        if isinstance(obj, JSONText):
            return obj.value()
        return super().default(obj)


class FastJSONRenderer(JSONRenderer):
    """DRF's JSON renderer, writing with orjson where the bytes come out the same."""

    encoder_class = TextReadingEncoder

    def render(
        self,
        data: Any,
        accepted_media_type: str | None = None,
        renderer_context: dict[str, Any] | None = None,
    ) -> bytes:
        if (
            data is None
            or not self.compact
            or self.ensure_ascii
            or self.get_indent(accepted_media_type, renderer_context or {}) is not None
        ):
            return super().render(data, accepted_media_type, renderer_context)
        try:
            content = orjson.dumps(data, default=_drf_default, option=_OPTIONS)
        except orjson.JSONEncodeError:
            return super().render(data, accepted_media_type, renderer_context)
        if b"\xe2\x80" in content:  # both separators start so in UTF-8; rare in text
            content = content.replace(*_LINE_SEPARATOR).replace(*_PARAGRAPH_SEPARATOR)
        return content


_ENCODER = TextReadingEncoder()


def _drf_default(value: Any) -> Any:
    """What DRF's encoder makes of a value JSON has no type for (its ``default``); a
    ``JSONText`` as its text."""
    if type(value) is JSONText:
        return orjson.Fragment(value.text)
    return _ENCODER.default(value)
