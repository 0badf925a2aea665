"""Serializers' output without DRF's per-field machinery, where that machinery adds nothing.

The fields are built once a serializer class (what these serializers show never
depends on the request). A page of 50 cards is some 1,500 field values; for each, DRF's generic
``to_representation`` resolves the source, guards against missing attributes and
calls the field. For a field that shows a concrete model column through DRF's own
plain conversion (``str``, ``int``, ``bool``, a choice), reading the attribute and
converting it gives the very same value. Other column fields (custom fields, dates)
skip only the source lookup; relations and nested serializers take DRF's every step.
So the JSON is unchanged (``tests/cards/test_api_representation.py`` holds it to that).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import models
from rest_framework import fields, serializers
from rest_framework.fields import SkipField
from rest_framework.relations import PKOnlyObject

Represent = Callable[[Any], Any]
_SKIP = object()

# DRF's own conversions, by the method that does them, and what gives the same value.
_PLAIN_CONVERSIONS: dict[Callable[..., Any], Represent] = {
    fields.CharField.to_representation: str,
    fields.IntegerField.to_representation: int,
    fields.BooleanField.to_representation: bool,
}


# A ModelSerializer whose plain column fields skip DRF's per-field machinery. No
# docstring: drf-spectacular would publish it as each subclass's schema description.
class PlainFieldsRepresentation(serializers.ModelSerializer):
    def to_representation(self, instance: models.Model) -> dict[str, Any]:
        shown = {}
        for name, represent in self._representers:
            value = represent(instance)
            if value is not _SKIP:
                shown[name] = value
        return shown

    @property
    def _representers(self) -> list[tuple[str, Represent]]:
        # Built once a class, not once a request: DRF builds a ModelSerializer's fields
        # from the model for every instance (over a millisecond for a card), and what
        # these serializers show never depends on their context.
        cls = type(self)
        found = cls.__dict__.get("_class_representers")
        if found is None:
            found = cls._class_representers = self._build_representers()
        return found

    def _build_representers(self) -> list[tuple[str, Represent]]:
        """Each readable field's name and how to show it, in DRF's order."""
        columns = {
            field.attname
            for field in self.Meta.model._meta.concrete_fields
            if not field.is_relation
        }
        return [(field.field_name, _representer(field, columns)) for field in self._readable_fields]


def _representer(field: fields.Field, columns: set[str]) -> Represent:
    source = field.source_attrs
    if len(source) != 1 or source[0] not in columns:
        return _generic_representer(field)
    attribute = source[0]
    convert = _plain_conversion(field) or field.to_representation

    def represent(instance: models.Model) -> Any:
        value = getattr(instance, attribute)
        return None if value is None else convert(value)

    return represent


def _plain_conversion(field: fields.Field) -> Represent | None:
    method = type(field).to_representation
    if method is fields.ChoiceField.to_representation:
        choices = field.choice_strings_to_values
        return lambda value: value if value == "" else choices.get(str(value), value)
    return _PLAIN_CONVERSIONS.get(method)


def _generic_representer(field: fields.Field) -> Represent:
    """DRF's own per-field steps (``Serializer.to_representation``)."""

    def represent(instance: models.Model) -> Any:
        try:
            attribute = field.get_attribute(instance)
        except SkipField:
            return _SKIP
        empty = attribute.pk if isinstance(attribute, PKOnlyObject) else attribute
        return None if empty is None else field.to_representation(attribute)

    return represent
