"""Record numbers (primary keys) and other whole numbers read from strangers: a query
string, a form, a JSON body.

``int()`` takes "²", "١", "+7", " 7" and "1_000" as digits and text of any length, and
a number past the database's 64-bit column reaches SQLite as an ``OverflowError``: each
was a 500 on some page. A record number here is 1 to 19 ASCII digits within a signed
64-bit integer; anything else is no record at all, which pages answer as "not found"
and forms as a choice that does not exist.

A whole number in JSON is a JSON integer: DRF's ``IntegerField`` also takes ``191.0``
and ``"192"``, so the API reads its integers with :class:`WholeNumberField` instead.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from rest_framework import serializers

LARGEST_RECORD_NUMBER = 2**63 - 1
_DIGITS = re.compile(r"[0-9]{1,19}")


def record_number(text: Any) -> int | None:
    """The record number ``text`` names (an int or its ASCII digits), or None."""
    return whole_number(text, 1)


def json_whole(value: Any, low: int = 0, high: int = LARGEST_RECORD_NUMBER) -> bool:
    """``value`` is a JSON integer within ``low``…``high``: an int, never a bool, text or a
    float (a JSON body's numbers, as ``json.loads`` reads them)."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def whole_number(text: Any, low: int = 0, high: int = LARGEST_RECORD_NUMBER) -> int | None:
    """The whole number ``text`` is (an int, not a bool, or 1 to 19 ASCII digits) when it
    lies in ``low``…``high``, else None: a form's state number, a query's position."""
    if isinstance(text, int) and not isinstance(text, bool):
        number = text
    elif isinstance(text, str) and _DIGITS.fullmatch(text):
        number = int(text)
    else:
        return None
    return number if low <= number <= high else None


class WholeNumberField(serializers.IntegerField):
    """An ``IntegerField`` that takes JSON integers only: ``191.0``, ``"192"`` and
    ``true`` are its "invalid" error, not the numbers they resemble."""

    def to_internal_value(self, data: Any) -> int:
        if not isinstance(data, int) or isinstance(data, bool):
            self.fail("invalid")
        return super().to_internal_value(data)


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


class WholeNumberFormField(forms.IntegerField):
    """A form's ``IntegerField`` that takes ASCII digits only (surrounding spaces aside):
    Django's takes "14.0", "+14", "1_4" and "١٤" as 14."""

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        text = value.strip() if isinstance(value, str) else value
        number = whole_number(text, 0, LARGEST_RECORD_NUMBER)
        if number is None:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return number
