"""FastJSONRenderer writes the bytes DRF's JSONRenderer writes."""

import datetime
import decimal
import json
import uuid

from django.utils.translation import gettext_lazy
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework.renderers import JSONRenderer

from shen_site.json_output import FastJSONRenderer, JSONText

# What the catalogue's documents are made of: no floats (see the module).
_SCALARS = st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.text()
DOCUMENTS = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=30,
)


def both(data, media_type: str = "application/json") -> tuple[bytes, bytes]:
    return (
        FastJSONRenderer().render(data, media_type, {}),
        JSONRenderer().render(data, media_type, {}),
    )


@settings(max_examples=300, deadline=None)
@given(DOCUMENTS)
def test_the_bytes_are_drfs(data):
    fast, drf = both(data)
    assert fast == drf


def test_escapes_are_drfs():
    fast, drf = both({"t": '\x00\x1f\x7f"\\/\n\t é ✦ \u2028 \u2029 \U0001f525'})
    assert fast == drf
    assert b"\\u2028" in fast and b"\\u2029" in fast


def test_values_json_has_no_type_for_are_drfs():
    moment = datetime.datetime(2026, 11, 30, 12, 0, 0, 123456, tzinfo=datetime.UTC)
    data = {
        "at": moment,
        "day": moment.date(),
        "time": datetime.time(12, 30),
        "price": decimal.Decimal("1.50"),
        "id": uuid.UUID(int=7),
        "lazy": gettext_lazy("Hello"),
        "tuple": (1, 2),
    }
    fast, drf = both(data)
    assert fast == drf
    assert b'"2026-11-30T12:00:00.123456Z"' in fast  # DRF's form, not orjson's


def test_what_orjson_cannot_write_goes_drfs_way():
    for data in ({1: "int key"}, {"big": 2**70}, [[[]]] * 3):
        assert both(data)[0] == both(data)[1]
    nested = current = []
    for _ in range(300):  # deeper than orjson's limit
        current.append([])
        current = current[0]
    assert both(nested)[0] == both(nested)[1]


def test_indented_answers_are_drfs():
    fast, drf = both({"a": [1, 2]}, "application/json; indent=4")
    assert fast == drf == json.dumps({"a": [1, 2]}, indent=4).encode()


def test_nothing_renders_as_nothing():
    assert FastJSONRenderer().render(None) == b""


@settings(max_examples=200, deadline=None)
@given(st.lists(st.dictionaries(st.text(), DOCUMENTS, max_size=4), max_size=5))
def test_written_json_comes_out_as_the_value_it_writes(documents):
    # As a card's stored document is written (cards.api.stored) and joined into a page.
    written = [JSONText(FastJSONRenderer().render(document)) for document in documents]
    page = {"count": len(documents), "results": written}
    expected = {"count": len(documents), "results": documents}
    assert FastJSONRenderer().render(page) == JSONRenderer().render(expected)
    indented = "application/json; indent=4"
    assert FastJSONRenderer().render(page, indented, {}) == (
        JSONRenderer().render(expected, indented, {})
    )
