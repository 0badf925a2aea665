"""A simulated game in the replay viewer: played again from its value into a match record.

A job stores each game's summary, not its actions: the game is a function of its
:class:`~games.simulation_games.SimulatedGame` (ruleset, options, decks, bots,
seed, seats), so watching one plays it again (``record_simulated_game``) and saves
the record, with its digests, as an imported match of the viewer's, which the
replay viewer shows.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from games.models import DIGEST_EVERY, Match, Mode, Status
from games.models_simulation import SimulationJob
from games.play import GAMES
from games.records import digests_after
from games.simulation_games import record_simulated_game
from games.simulations import game_number


def simulated_match(*, job: SimulationJob, index: int, viewer: AbstractBaseUser) -> Match:
    """The match record of game ``index`` of ``job``, for ``viewer`` to watch: the one
    made before, or a new one. SimulationError when there is no such game."""
    game = game_number(job, index)
    decks = [game.decks[game.deck_in_seat(seat)] for seat in (0, 1)]
    earlier = Match.objects.filter(
        owner=viewer, mode=Mode.IMPORTED, seed=game.seed, ruleset=game.ruleset
    )
    for made in earlier:
        if made.options == dict(game.options) and made.decks == decks:
            return made
    record = record_simulated_game(game)
    shen = GAMES["shen"]
    replayed = shen.replay(record.ruleset, record.options, decks, record.seed, record.actions)
    by_seat = [(job.deck_a, job.version_a), (job.deck_b, job.version_b)]
    red, blue = (by_seat[game.deck_in_seat(seat)] for seat in (0, 1))
    with transaction.atomic():
        return Match.objects.create(
            owner=viewer,
            mode=Mode.IMPORTED,
            bot_name=" v ".join(record.bots)[:40],
            ruleset=record.ruleset,
            options=record.options,
            seed=record.seed,
            decks=list(record.decks),
            red_deck=red[0],
            blue_deck=blue[0],
            red_version=red[1],
            blue_version=blue[1],
            number=len(record.actions),
            actions=list(record.actions),
            digests=digests_after(shen, [], DIGEST_EVERY, replayed.states, 0),
            digest_every=DIGEST_EVERY,
            status=Status.FINISHED,
            result=record.result,
        )
