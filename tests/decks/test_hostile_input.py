"""Random and malicious input to every importer, JSON endpoint and number in a URL: never a 500.

Each property drives the site through its HTTP entry points (the API and the pages), so a
crash anywhere between the request body and the database shows as a failed test. They run
on SQLite, and on PostgreSQL when DATABASE_URL points at it (NUL characters and integer
ranges are where the two differ).
"""

import base64
import io
import json
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from decks.decklist import MAX_DECK_CARDS
from decks.models import MAX_COPIES_PER_SLOT, Deck
from tests.factories.decks import FormatFactory, UserFactory

pytestmark = pytest.mark.django_db

HOSTILE = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
CARD_NAMES = ["Ember Lance", "Ash Wall", "Shén Gate", "Cinder, the Blade", "Kael the Ashen"]
CARD_SLUGS = ["ember-lance", "ash-wall", "shen-gate", "cinder-the-blade", "kael-the-ashen"]

# Characters that broke readers or databases before: NUL and other controls, lone
# surrogates (JSON escapes them), digits Python's int() reads or refuses, quotes.
awkward_characters = st.sampled_from(
    ["\x00", "\x01", "\x1b", "\x7f", "\x85", "\u2028", "\ud800", "²", "٣", "\ufeff", '"', ",", "#"]
)
awkward_text = st.lists(st.one_of(st.text(max_size=6), awkward_characters), max_size=8).map("".join)
counts = st.one_of(
    st.integers(-3, 120).map(str),
    st.sampled_from(["99", "²", "٣", "00099", "99999", "9" * 5000, "-1", "+3", "3.0", "1e3", ""]),
    st.text(alphabet=st.characters(categories=["Nd", "No"]), min_size=1, max_size=4),
)
card_names = st.one_of(st.sampled_from(CARD_NAMES), awkward_text)
card_slugs = st.one_of(st.sampled_from(CARD_SLUGS), awkward_text)
boards = st.one_of(st.sampled_from(["main", "side"]), awkward_text)


@st.composite
def text_decklists(draw) -> str:
    lines = draw(
        st.lists(
            st.one_of(
                st.builds(
                    lambda count, mark, name: f"{count}{mark} {name}",
                    counts,
                    st.sampled_from(["", "x", "×"]),
                    card_names,
                ),
                st.sampled_from(["Sideboard", "Main", "# Format: shen-standard", ""]),
                awkward_text,
            ),
            max_size=12,
        )
    )
    return "\n".join(lines)


@st.composite
def csv_decklists(draw) -> str:
    rows = draw(
        st.lists(st.builds(lambda *cells: ",".join(cells), counts, card_names, boards), max_size=10)
    )
    header = draw(st.sampled_from(["", "count,name,board\n", "count,slug,board\n", 'count,"\n']))
    return header + "\n".join(rows)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | awkward_text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(awkward_text, inner, max_size=3),
    max_leaves=10,
)
json_counts = st.one_of(
    st.integers(-5, 200),
    st.integers(),
    st.sampled_from([MAX_COPIES_PER_SLOT, 2**63, -(2**63), 1.5, True]),
    json_values,
)


@st.composite
def json_decklists(draw) -> str:
    entry = st.fixed_dictionaries(
        {"count": json_counts, "name": card_names | json_values, "board": boards},
        optional={"slug": card_slugs | json_values},
    )
    document = draw(
        st.one_of(
            st.fixed_dictionaries(
                {"cards": st.lists(entry, max_size=8)},
                optional={"format": awkward_text, "name": awkward_text, "home_realm": json_values},
            ),
            st.lists(entry, max_size=8),
            json_values,
        )
    )
    text = json.dumps(document)
    return draw(
        st.sampled_from(
            [
                text,
                "[" * 5000 + "]" * 5000,
                '{"cards": ' + "[" * 3000,
                '{"cards": [{"count": 1, "name": "Ember\\u0000Lance"}]}',
                '{"cards": [{"count": 1, "name": "\\ud800"}]}',
                '{"cards": [{"count": ' + "9" * 5000 + ', "name": "Ash Wall"}]}',
                text[: len(text) // 2],
            ]
        )
    )


def deck_code(payload: str | bytes) -> str:
    """A deck code around any payload, as the writer would compress and encode it."""
    raw = payload.encode("utf-8", "surrogatepass") if isinstance(payload, str) else payload
    body = base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")
    return "SHN1-" + body


@st.composite
def deck_codes(draw) -> str:
    slot = st.builds(lambda count, slug: f"{count} {slug}", counts, card_slugs)
    lines = draw(st.lists(st.one_of(slot, st.just("-"), awkward_text), max_size=10))
    header = [draw(st.sampled_from(["shen-standard", "", "\x00"])), draw(st.just("ember"))]
    return draw(
        st.one_of(
            st.just(deck_code("\n".join(header + lines))),
            st.builds(deck_code, st.binary(max_size=40)),
            st.builds(lambda text: "SHN1-" + text, awkward_text),
            awkward_text,
        )
    )


decklists = st.one_of(
    st.tuples(st.just("text"), text_decklists()),
    st.tuples(st.just("csv"), csv_decklists()),
    st.tuples(st.just("json"), json_decklists()),
    st.tuples(st.just("code"), deck_codes()),
    st.tuples(st.sampled_from(["text", "csv", "json", "code"]), awkward_text),
)


@pytest.fixture
def world(ember_catalogue):
    """The catalogue the decklists name, a format, and a signed-in player."""
    FormatFactory()
    return UserFactory()


def _answered(response) -> None:
    assert response.status_code < 500, response.content[:500]


def _within_limits(player) -> None:
    for deck in Deck.objects.filter(owner=player).prefetch_related("slots"):
        counts = [slot.count for slot in deck.slots.all()]
        assert sum(counts) <= MAX_DECK_CARDS
        assert all(count <= MAX_COPIES_PER_SLOT for count in counts)


@pytest.mark.parametrize("endpoint", ["/api/decks/import/", "/api/decklists/validate/"])
@HOSTILE
@given(decklist=decklists, keep=st.booleans())
def test_the_decklist_apis_answer_any_decklist_with_success_or_import_problems(
    api_client, world, endpoint, decklist, keep
):
    kind, text = decklist
    api_client.force_authenticate(world)
    body = {"text": text, "kind": kind, "format": "shen-standard", "keep_valid_lines": keep}

    response = api_client.post(endpoint, json.dumps(body), content_type="application/json")

    _answered(response)
    if response.status_code == 400:
        assert response.json()["problems"], response.json()
    _within_limits(world)


@HOSTILE
@given(decklist=decklists, upload=st.booleans())
def test_the_import_page_answers_any_decklist_or_file_without_a_server_error(
    client, world, decklist, upload
):
    kind, text = decklist
    client.force_login(world)
    data = {"kind": kind, "format": "", "name": "", "home_realm": ""}
    if upload:
        data["upload"] = io.BytesIO(text.encode("utf-8", "surrogatepass"))
    else:
        data["text"] = text.encode("utf-8", "replace").decode()

    _answered(client.post("/decks/import/", data))
    _within_limits(world)


entry_rows = st.fixed_dictionaries(
    {"card": card_slugs | json_values, "count": json_counts, "board": boards | json_values}
)


@HOSTILE
@given(
    entries=st.one_of(
        st.lists(entry_rows, max_size=6),
        st.lists(st.just({"card": "ash-wall", "count": 99}), min_size=2, max_size=40),
        json_values,
    ),
    description=st.one_of(awkward_text, st.just("d" * 200_000)),
)
def test_the_deck_api_answers_any_entries_without_a_server_error(
    api_client, world, entries, description
):
    api_client.force_authenticate(world)
    body = {
        "name": "Hostile",
        "format": "shen-standard",
        "description": description,
        "entries": entries,
    }

    # json.dumps escapes lone surrogates as a hostile client would send them.
    _answered(api_client.post("/api/decks/", json.dumps(body), content_type="application/json"))
    _within_limits(world)


raw_bodies = st.one_of(
    st.binary(max_size=60),
    st.sampled_from(
        [
            b"[" * 5000,
            b"[" * 100_000,
            b'{"a":' * 5000 + b"1" + b"}" * 5000,
            b'{"text": "\\u0000", "kind": "text"}',
            b'{"text": "\\ud800", "kind": "text"}',
            b'{"name": "\\u0000", "format": "shen-standard"}',
            b'{"entries": [{"card": "ash-wall", "count": 1' + b"0" * 5000 + b"}]}",
            b"\xff\xfe",
        ]
    ),
)
JSON_ENDPOINTS = [
    "/api/decks/",
    "/api/decks/import/",
    "/api/decklists/validate/",
    "/api/decks/{deck}/validate/",
    "/api/decks/{deck}/copy/",
    "/api/decks/{deck}/restore/",
    "/api/cards/",
    "/api/realms/",
]


@HOSTILE
@given(
    body=raw_bodies,
    endpoint=st.sampled_from(JSON_ENDPOINTS),
    content_type=st.sampled_from(["application/json", "application/json; charset=latin-1"]),
)
def test_every_json_endpoint_answers_a_hostile_body_without_a_server_error(
    api_client, ember_deck, body, endpoint, content_type
):
    api_client.force_authenticate(ember_deck.owner)
    path = endpoint.format(deck=ember_deck.pk)

    _answered(api_client.post(path, body, content_type=content_type))


numbers = st.one_of(
    st.integers().map(str),
    st.sampled_from(["9223372036854775808", "2147483648", "-1", "0", "1e9", "٣", "1" * 5000]),
    # A URL carries no lone surrogates: the client would replace them.
    awkward_text.map(lambda text: text.encode("utf-8", "replace").decode()),
)


@HOSTILE
@given(a=numbers, b=numbers)
def test_version_numbers_in_a_query_are_answered_without_a_server_error(
    api_client, ember_deck, a, b
):
    api_client.force_authenticate(ember_deck.owner)

    _answered(api_client.get(f"/api/decks/{ember_deck.pk}/diff/", {"a": a, "b": b}))
    _answered(api_client.post(f"/api/decks/{ember_deck.pk}/restore/", {"number": a}))
