"""Whatever a catalogue file holds, parsing it answers with records or a list of errors."""

import copy
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from cards.catalogue.errors import CatalogueInvalid
from cards.catalogue.schema import CARD_KEYS, catalogue_parse
from cards.management.commands.load_catalogue import SAMPLE_CATALOGUE

SAMPLE = json.loads(SAMPLE_CATALOGUE.read_text(encoding="utf-8"))
AVATAR = next(card for card in SAMPLE["cards"] if card["kind"] == "avatar" and card["abilities"])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-50, 50) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)


def _parse_answers(document) -> None:
    try:
        catalogue_parse(document)
    except CatalogueInvalid as invalid:
        assert invalid.errors
        assert all(error.card for error in invalid.errors)


@settings(max_examples=60, deadline=None)
@given(key=st.sampled_from(CARD_KEYS), value=json_values)
def test_any_value_in_any_card_field_is_parsed_or_reported(key, value):
    card = copy.deepcopy(AVATAR) | {key: value}

    _parse_answers({"realms": SAMPLE["realms"], "cards": [card]})


@settings(max_examples=60, deadline=None)
@given(
    key=st.sampled_from(["name", "cost", "timing", "effect", "text", "extra"]), value=json_values
)
def test_any_value_in_any_ability_field_is_parsed_or_reported(key, value):
    card = copy.deepcopy(AVATAR)
    card["abilities"][0][key] = value

    _parse_answers({"realms": SAMPLE["realms"], "cards": [card]})
