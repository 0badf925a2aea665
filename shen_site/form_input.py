"""Form bodies from strangers: no field name or value holding a control character.

DRF's form and multipart parsers pass NUL and other control characters through,
and a lookup by such a value (a format's slug, say) fails inside PostgreSQL
(``DataError``) instead of answering 400. These parsers refuse them as the JSON
parser does (`shen_site.json_input`), naming the field.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import IO, Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import DataAndFiles, FormParser, MultiPartParser

from shen_site.json_input import unwanted_character


def _check_fields(fields: Iterable[tuple[str, Any]]) -> None:
    for name, value in fields:
        for text in (name, value):
            if isinstance(text, str) and (character := unwanted_character(text)):
                field = name if unwanted_character(name) is None else "a field name"
                raise ParseError(f"The field {field!r} holds the control character {character}.")


class CleanFormParser(FormParser):
    """DRF's form parser, refusing control characters in names and values (a 400)."""

    def parse(self, stream: IO[bytes], media_type: Any = None, parser_context: Any = None):
        data = super().parse(stream, media_type, parser_context)
        _check_fields((name, value) for name, values in data.lists() for value in values)
        return data


class CleanMultiPartParser(MultiPartParser):
    """DRF's multipart parser, refusing control characters in field names, values and
    file names (a 400)."""

    def parse(self, stream: IO[bytes], media_type: Any = None, parser_context: Any = None):
        parsed: DataAndFiles = super().parse(stream, media_type, parser_context)
        _check_fields((name, value) for name, values in parsed.data.lists() for value in values)
        _check_fields(
            (name, upload.name) for name, uploads in parsed.files.lists() for upload in uploads
        )
        return parsed
