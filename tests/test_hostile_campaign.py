"""The hostile campaign (bench/hostile/) imports, and its request generator sends something
to every family.

Not the campaign itself (that is a benchmark, run by hand): only that its pieces fit the
site as it is now, so a renamed route or schema change shows here first.
"""

import json
import random

import pytest

from bench.hostile.basics import HostileRequest, PlayWorld, World
from bench.hostile.campaign import COUNTS, Answer, FamilyFigures
from bench.hostile.families import FAMILIES, hostile_requests
from bench.hostile.play_values import entity_tag
from bench.hostile.world import api_operations, page_routes

PER_FAMILY = 25
# A replay file's shape (games.matches.replays.replay_document), made small.
REPLAY_FILE = json.dumps(
    {
        "format": "shen-lab-replay",
        "version": 1,
        "game": "shen",
        "ruleset": "beta-2026-07",
        "options": {"max_turns": 8},
        "decks": [
            {"home_realm": "ember", "cards": [{"slug": "ember-lance", "movement": 2}]},
            {"home_realm": "ember", "cards": [{"slug": "ash-wall", "melee": 1}]},
        ],
        "seed": 3,
        "actions": [{"type": "pass"}] * 12,
        "digest_every": 10,
        "digests": ["ab" * 16, "cd" * 16],
        "result": {"winner": 0, "reason": "resigned"},
    }
)


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
        play=PlayWorld(
            hotseats=(7, 8),
            numbers=(0, 12),
            legal_actions=(('{"type": "place_counter", "vertex": 3}',), ()),
            bot_match=9,
            finished=10,
            finished_number=60,
            others_match=11,
            others_finished=12,
            invite_token="B" * 32,
            replay_file=REPLAY_FILE,
            played_job=1,
            queued_job=2,
            others_job=3,
            job_games=40,
            new_matches=(13, 14),
            new_jobs=(4, 5),
        ),
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


def test_the_play_families_aim_at_the_play_routes_with_bounded_bodies(world):
    # Bounded in size as in count: the largest body is a little past the biggest limit
    # (a replay upload's 5 MiB) at 16 MiB, never more.
    play = ("matches", "replays", "notes", "simulations", "watch")
    counts = dict.fromkeys(play, 200)
    requests = list(hostile_requests(world, seed=2, counts=counts))
    assert max(len(r.body) for r in requests) <= 17 * 1024 * 1024
    for request in requests:
        route = request.path.split("/")[1:3]
        assert route[0] in ("games", "api", "simulations"), request.describe()
        if request.family == "watch":
            assert request.path.endswith("/watch/") or "/replay/" in request.path


def test_no_entity_tag_holds_a_line_break():
    # http.client refuses such a header before sending it: the campaign stopped there.
    for seed in range(3000):
        tag = entity_tag(random.Random(seed), '"0-0"')
        assert "\r" not in tag and "\n" not in tag, seed


def test_answers_over_two_seconds_are_counted_and_listed_per_family():
    request = HostileRequest("watch", "POST", "/simulations/1/games/0/watch/")
    family, total = FamilyFigures(), FamilyFigures()
    for seconds in (0.1, 2.5, 1.9, 40.0):
        family.add(Answer(request, 302, seconds, 0))
    total.merge(family)
    assert (family.slow, total.slow) == (2, 2)
    assert [answer.seconds for answer in total.slowest_few] == [40.0, 2.5]
