"""A real Celery worker process plays the bot's turns of a bot match, on the broker the
site uses (the filesystem broker, or Redis when REDIS_URL says so), and makes the same
decisions as the bot in this process would."""

from __future__ import annotations

import pytest

from games.matches.bot_turns import _bot_seed, bot_seat, bot_to_decide
from games.matches.records import match_replayed
from games.matches.services import match_act
from games.models import Match, Status
from games.models.simulations import ChunkStatus
from games.play import GAMES
from games.simulations.services import simulation_cancel
from tests.games.helpers import acting_seat, bot_first, legal_json
from tests.games.simulation_jobs import simulation_start
from tests.games.test_simulation_worker import wait_for

pytestmark = pytest.mark.django_db(transaction=True)


def players_turn(match: Match):
    """The match once it waits for its player again (or is over)."""
    match.refresh_from_db()
    if match.status != Status.PLAYING or not bot_to_decide(match, acting_seat(match)):
        return match
    return None


def test_a_worker_process_plays_the_bots_turns(workers, alice, alices_deck):
    # Committed at once (no test transaction): the bot's task goes to the broker, before
    # any worker runs; a worker starting keeps it (it empties the chunks' queue only).
    match = bot_first(alice, alices_deck, options={"max_turns": 3})
    assert bot_to_decide(match, acting_seat(match)), "queued, not played in this process"
    workers()
    handed_over = 0
    while (match := wait_for(lambda: players_turn(match), "the bot's answer")).status == (
        Status.PLAYING
    ):
        number = match.number
        match_act(match=match, user=alice, action=legal_json(match)[0], number=number)
        handed_over += bot_to_decide(match, acting_seat(match))
    assert handed_over >= 3, "the worker answered the bot's decisions several times"
    # Each of the bot's decisions is the one its bot, seeded by the match and the state,
    # makes in this process too.
    game = GAMES["shen"]
    states = match_replayed(match).states
    bots = [n for n, state in enumerate(states[:-1]) if game.acting_seat(state) == bot_seat(match)]
    assert len(bots) > 3
    for number in bots:
        bot = game.bot(match.bot_name, _bot_seed(match.seed, number))
        assert game.action_to_json(bot.choose(states[number])) == match.actions[number]


def test_a_bots_turn_starts_while_every_simulation_process_plays_a_chunk(
    site_workers_started, alice, alices_deck, bobs_deck
):
    # The workers `manage.py runsite` starts: one process for the simulations, busy
    # with a 200-game chunk, and the bots' own. A worker taking both queues would leave
    # the bot's turn waiting until its process had played the chunk.
    job = simulation_start(alice, alices_deck, bobs_deck, options={}, games=20_000, seed=3)
    assert job.chunk_size == 200
    first = job.chunks.get(index=0, arm=0)

    def playing():
        first.refresh_from_db()
        return first.status == ChunkStatus.RUNNING

    wait_for(playing, "the simulation's first chunk to be played")
    match = bot_first(alice, alices_deck, options={"max_turns": 3})
    wait_for(lambda: players_turn(match), "the bot's answer")
    first.refresh_from_db()
    assert first.status == ChunkStatus.RUNNING, "the bot moved only once the chunk was done"
    simulation_cancel(job)
