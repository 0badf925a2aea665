"""JSON from strangers: bounded nesting, no control characters, every failure a clear refusal.

`json_document_read` is what the JSON deck importer uses; `BoundedJSONParser` is DRF's
JSON parser for every API endpoint (settings ``DEFAULT_PARSER_CLASSES``). Both refuse what
`json.loads` alone lets through to the code after it: nesting deep enough to exhaust the
stack, numbers too long to convert, non-finite numbers, and strings holding NUL, other
control characters or lone surrogates (which no database column or response can hold).
"""

from __future__ import annotations

import json
import math
import re
from typing import IO, Any

from django.conf import settings
from rest_framework import status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import BaseParser

from shen_site.body_limit import BodyTooLarge, bounded_read, view_limit

MAX_JSON_DEPTH = 32
# C0 and C1 controls other than tab, line feed and carriage return, and lone surrogates.
UNWANTED_CHARACTER = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


class JSONInputError(ValueError):
    """JSON refused, with a sentence saying why and the line it stands on when known."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line


def unwanted_character(text: str) -> str | None:
    """The first control character or lone surrogate in `text`, as ``U+0000``, or None."""
    found = UNWANTED_CHARACTER.search(text)
    return f"U+{ord(found.group()):04X}" if found else None


def json_document_read(text: str) -> Any:
    """The document `text` holds; raises JSONInputError for anything `json.loads` would
    choke on or pass through unfit for the database."""
    try:
        document = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
    except json.JSONDecodeError as error:
        raise JSONInputError(f"Not valid JSON: {error.msg}.", error.lineno) from None
    except RecursionError:
        raise JSONInputError(_too_deep()) from None
    except ValueError as error:
        # int() refuses numbers of thousands of digits; so do non-finite constants.
        raise JSONInputError(f"Not valid JSON: {error}.") from None
    _check_document(document)
    return document


def _refuse_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(f"{text[:20]} is too large a number")
    return number


def _too_deep() -> str:
    return f"The JSON is nested too deeply: at most {MAX_JSON_DEPTH} levels."


def _check_document(document: Any) -> None:
    # Iterative, so checking a document cannot exhaust the stack either.
    pending = [(document, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, str):
            _check_text(value)
        elif isinstance(value, list | dict):
            if depth > MAX_JSON_DEPTH:
                raise JSONInputError(_too_deep())
            if isinstance(value, dict):
                for key in value:
                    _check_text(key)
                pending.extend((item, depth + 1) for item in value.values())
            else:
                pending.extend((item, depth + 1) for item in value)


def _check_text(text: str) -> None:
    if character := unwanted_character(text):
        raise JSONInputError(f"A string holds the control character {character}, refused.")


class BodyTooLong(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = "The request body is too long."
    default_code = "too_long"


class BoundedJSONParser(BaseParser):
    """DRF's JSON parser with the limits of `json_document_read`: a 400, never a 500.

    It reads no more than one byte past the view's body limit (``shen_site.body_limit``,
    which refuses a body declared longer before any parser runs)."""

    media_type = "application/json"

    def parse(
        self, stream: IO[bytes], media_type: str | None = None, parser_context: Any = None
    ) -> Any:
        context = parser_context or {}
        encoding = context.get("encoding", settings.DEFAULT_CHARSET)
        try:
            most = view_limit(context.get("view"))
            body = bounded_read(stream, most) if stream is not None else b""
            text = body.decode(encoding)
        except BodyTooLarge as error:
            raise BodyTooLong(str(error)) from None
        except (LookupError, UnicodeDecodeError) as error:
            raise ParseError(f"JSON parse error - the body is not {encoding} text.") from error
        try:
            return json_document_read(text)
        except JSONInputError as error:
            raise ParseError(f"JSON parse error - {error}") from None
