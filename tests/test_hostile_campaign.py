"""bench/hostile.py imports, and its request generator sends something to every family.

Not the campaign itself (that is a benchmark, run by hand): only that its pieces fit the
site as it is now, so a renamed route or schema change shows here first.
"""

import pytest

from bench.hostile import COUNTS
from bench.hostile_basics import World
from bench.hostile_requests import FAMILIES, hostile_requests
from bench.hostile_world import api_operations, page_routes

PER_FAMILY = 25


@pytest.fixture(scope="module")
def world():
    """Made-up ids and names; the routes and operations are the site's own."""
    export = "3 Ember Lance\n2 Ash Wall\n"
    return World(
        own_deck=1,
        throwaway_deck=2,
        absurd_decks=(3, 4),
        public_deck=5,
        private_deck=6,
        share_token="A" * 22,
        match=7,
        usernames=("player", "other"),
        card_slugs=("ember-lance", "ash-wall"),
        card_names=("Ember Lance", "Ash Wall"),
        realm_slugs=("ember",),
        format_slugs=("shen-standard",),
        target_card="ember-lance",
        target_realm="ember",
        search_fields=("kind", "cost", "o"),
        exports={
            "text": export,
            "csv": "count,name,board,slug\n3,Ember Lance,main,ember-lance\n",
            "json": '{"format": "shen-standard", "cards": [{"count": 3, "slug": "ember-lance"}]}',
            "code": "SHN1-eNorzkjN0y0uScxLSSxK4eIyVkjNTUot0s1JzEtOBQCQdwnP",
        },
        operations=api_operations(),
        page_routes=page_routes(),
    )


def test_the_campaign_sends_every_family():
    assert list(COUNTS) == list(FAMILIES)


def test_every_family_gets_its_requests(world):
    requests = list(hostile_requests(world, seed=1, counts=dict.fromkeys(FAMILIES, PER_FAMILY)))
    sent = {family: [r for r in requests if r.family == family] for family in FAMILIES}
    assert {family: len(made) for family, made in sent.items()} == dict.fromkeys(
        FAMILIES, PER_FAMILY
    )
    assert all(r.path.startswith("/") and r.path.isascii() for r in requests)


def test_one_seed_gives_one_campaign(world):
    counts = dict.fromkeys(FAMILIES, 5)
    first = list(hostile_requests(world, seed=3, counts=counts))
    assert first == list(hostile_requests(world, seed=3, counts=counts))
    assert first != list(hostile_requests(world, seed=4, counts=counts))
