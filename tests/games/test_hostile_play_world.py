"""The hostile campaign's play world (bench/hostile/play_world.py) builds through today's
services: a change to what they accept (a friend match refusing a chosen seed) stopped the
campaign before its first request, while its generator's tests, on a world made by hand,
stayed green."""

import pytest

from bench.hostile.play_world import play_world_build
from games.models import Match, Mode
from tests.factories.matches import playable_deck


@pytest.fixture
def bobs_private_deck(bob, realms):
    return playable_deck(owner=bob, realm=realms[2], name="Bob's private deck")


@pytest.fixture
def small_world(jobs_held, monkeypatch):
    """The same world with fewer and shorter matches and games (the campaign's take a
    minute to play); its jobs held, not played in the test's process: the world plays
    its own."""
    monkeypatch.setattr("bench.hostile.play_world.HOTSEAT_DEPTHS", (0, 2))
    monkeypatch.setattr("bench.hostile.play_world.REPLAY_ACTIONS", 4)
    job = {"games": 2, "options": {"max_turns": 2}, "bot_a": "random", "bot_b": "random"}
    monkeypatch.setattr("bench.hostile.play_world.PLAYED_JOB", job)


def test_the_play_world_builds_with_each_record_the_families_aim_at(
    small_world, alice, bob, alices_deck, bobs_deck, bobs_private_deck
):
    world = play_world_build(
        player=alice, other=bob, own=alices_deck, public=bobs_deck, private=bobs_private_deck
    )
    assert Match.objects.get(invite_token=world.invite_token).mode == Mode.FRIEND
    assert Match.objects.get(pk=world.bot_match).owner == alice
    assert len(world.hotseats) == len(world.legal_actions) == 2
