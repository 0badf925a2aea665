"""One seed range everywhere (issue 18): match creation, simulation jobs, derived game
seeds and the replay import all take 0…2**53 - 1, so a Watch replay downloaded from
the site imports back; a job stored before keeps its 63-bit games."""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.matches.errors import MatchError
from games.matches.replays import replay_document, replay_import
from games.matches.services import match_create
from games.models import Match, Mode
from games.seeds import LEGACY_SEED_BITS, MAX_SEED, derive_seed, is_seed
from games.simulations import games as simulation_games
from games.simulations.games import play_simulated_game, record_simulated_game
from games.simulations.replays import simulated_match
from games.simulations.services import (
    SimulationError,
    game_number,
    job_summaries,
    simulation_checked,
)
from tests.games.helpers import played_to_the_end
from tests.games.simulation_jobs import simulation_start

JS_SAFE_INTEGER = 2**53 - 1


def test_the_one_seed_range_is_javascript_s_safe_integers():
    assert MAX_SEED == JS_SAFE_INTEGER
    assert is_seed(0) and is_seed(MAX_SEED)
    assert not (is_seed(MAX_SEED + 1) or is_seed(-1) or is_seed(True) or is_seed(1.0))


@given(st.integers(), st.lists(st.integers() | st.text(max_size=5), max_size=3))
def test_a_derived_seed_is_in_the_one_range(seed, path):
    assert is_seed(derive_seed(seed, *path))


def test_derived_seeds_of_a_job_almost_always_need_more_than_53_bits_the_old_way():
    # Why Watch replays were refused: the old derivation's seeds were 63-bit.
    old = [derive_seed(7, index, bits=LEGACY_SEED_BITS) for index in range(50)]
    assert sum(seed > MAX_SEED for seed in old) >= 49
    assert all(is_seed(derive_seed(7, index)) for index in range(50))


@pytest.mark.django_db
def test_match_creation_the_jobs_and_the_import_refuse_the_same_seed(alice, alices_deck):
    with pytest.raises(MatchError):
        match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=MAX_SEED + 1)
    with pytest.raises(SimulationError):
        simulation_checked(
            bots=("random", "random"),
            ruleset="beta-2026-07",
            options={},
            games=1,
            seed=MAX_SEED + 1,
        )
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=MAX_SEED)
    document = replay_document(played_to_the_end(match))
    assert replay_import(owner=alice, document=document).seed == MAX_SEED
    with pytest.raises(MatchError, match=str(MAX_SEED)):
        replay_import(owner=alice, document={**document, "seed": MAX_SEED + 1})


@pytest.mark.django_db
def test_a_watched_simulated_game_s_replay_file_imports_back(client, alice, alices_deck, bobs_deck):
    job = simulation_start(alice, alices_deck, bobs_deck, games=4)
    client.force_login(alice)
    for index in range(4):
        response = client.post(f"/simulations/{job.pk}/games/{index}/watch/")
        match = Match.objects.get(pk=int(response["Location"].split("/")[2]))
        document = client.get(f"/games/{match.pk}/replay.json").json()
        assert is_seed(document["seed"])
        imported = replay_import(owner=alice, document=document)
        assert (imported.seed, imported.result) == (match.seed, match.result)


def _old_derive_seed(seed, *path):
    """derive_seed as jobs stored before the one range derived their game seeds."""
    text = ":".join(str(part) for part in (seed, *path)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


@pytest.mark.django_db
def test_a_job_stored_before_the_one_range_plays_and_shows_its_old_games(
    alice, alices_deck, bobs_deck, monkeypatch
):
    job = simulation_start(alice, alices_deck, bobs_deck, games=2)
    job.seed_bits = LEGACY_SEED_BITS  # as the migration leaves a job stored before
    job.save()
    bot_seeds = []
    make_bot = simulation_games.make_bot
    monkeypatch.setattr(
        simulation_games,
        "make_bot",
        lambda name, seed: bot_seeds.append(seed) or make_bot(name, seed),
    )
    for index in range(2):
        game = game_number(job, index)
        assert game.seed == _old_derive_seed(job.seed, index) > MAX_SEED
        record = record_simulated_game(game)
        assert record.summary == play_simulated_game(game)
        legacy = {_old_derive_seed(game.seed, "bot", seat) for seat in (0, 1)}
        assert set(bot_seeds[-2:]) == legacy
    monkeypatch.undo()
    watched = simulated_match(job=job, index=0, viewer=alice)
    assert watched.seed == _old_derive_seed(job.seed, 0)
    # Its replay file says why the import refuses it, instead of a bare range.
    document = replay_document(watched)
    with pytest.raises(MatchError, match="before seeds had that range"):
        replay_import(owner=alice, document=document)
    # The new job's own games and summaries are of the one range.
    summaries = job_summaries(job)
    assert len(summaries) == 2 and all(is_seed(summary.seed) for summary in summaries)
