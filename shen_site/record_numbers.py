"""Record numbers (primary keys) read from strangers' text: a query string, a form.

``int()`` takes "²" and "١" as digits and text of any length, and a number past
the database's 64-bit column reaches SQLite as an ``OverflowError``: each was a
500 on some page. A record number here is 1 to 19 ASCII digits within a signed
64-bit integer; anything else is no record at all, which pages answer as "not
found" and forms as a choice that does not exist.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms

LARGEST_RECORD_NUMBER = 2**63 - 1
_DIGITS = re.compile(r"[0-9]{1,19}")


def record_number(text: Any) -> int | None:
    """The record number ``text`` names (an int or its ASCII digits), or None."""
    if isinstance(text, int) and not isinstance(text, bool):
        number = text
    elif isinstance(text, str) and _DIGITS.fullmatch(text):
        number = int(text)
    else:
        return None
    return number if 1 <= number <= LARGEST_RECORD_NUMBER else None


class RecordChoiceField(forms.ModelChoiceField):
    """A ``ModelChoiceField`` that looks up only real record numbers: any other text is
    the field's "invalid choice" error instead of an exception from the database."""

    def to_python(self, value: Any) -> Any:
        if value in self.empty_values:
            return None
        if record_number(value) is None:
            raise forms.ValidationError(
                self.error_messages["invalid_choice"], code="invalid_choice"
            )
        return super().to_python(value)
