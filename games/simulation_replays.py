"""A simulated game in the replay viewer: played again from its value into a match record.

A job stores each game's summary, not its actions: the game is a function of its
:class:`~games.simulation_games.SimulatedGame` (ruleset, options, decks, bots,
seed, seats), so watching one plays it again with the same bots and saves the
record as an imported match of the viewer's, which the replay viewer shows.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from games import engine
from games.models import DIGEST_EVERY, Match, Mode, Status
from games.models_simulation import SimulationJob
from games.play import GAMES
from games.records import digests_after
from games.simulation_games import derive_seed, make_bot, ruleset_for
from games.simulations import game_number


def simulated_match(*, job: SimulationJob, index: int, viewer: AbstractBaseUser) -> Match:
    """The match record of game ``index`` of ``job``, for ``viewer`` to watch: the one
    made before, or a new one. SimulationError when there is no such game."""
    game = game_number(job, index)
    # Seat s holds deck game.deck_in_seat(s) and its bot, seeded as play_simulated_game seeds it.
    decks = [game.decks[game.deck_in_seat(seat)] for seat in (0, 1)]
    earlier = Match.objects.filter(
        owner=viewer, mode=Mode.IMPORTED, seed=game.seed, ruleset=game.ruleset
    )
    for made in earlier:
        if made.options == dict(game.options) and made.decks == decks:
            return made
    bots = [
        make_bot(game.bots[game.deck_in_seat(seat)], derive_seed(game.seed, "bot", seat))
        for seat in (0, 1)
    ]
    state, actions, _ = engine.play_game(
        ruleset_for(game.ruleset, game.options), decks, game.seed, bots
    )
    shen = GAMES["shen"]
    recorded = [shen.action_to_json(action) for action in actions]
    replayed = shen.replay(game.ruleset, dict(game.options), decks, game.seed, recorded)
    by_seat = [(job.deck_a, job.version_a), (job.deck_b, job.version_b)]
    red, blue = (by_seat[game.deck_in_seat(seat)] for seat in (0, 1))
    with transaction.atomic():
        return Match.objects.create(
            owner=viewer,
            mode=Mode.IMPORTED,
            bot_name=" v ".join(game.bots[game.deck_in_seat(seat)] for seat in (0, 1))[:40],
            ruleset=game.ruleset,
            options=dict(game.options),
            seed=game.seed,
            decks=decks,
            red_deck=red[0],
            blue_deck=blue[0],
            red_version=red[1],
            blue_version=blue[1],
            number=len(recorded),
            actions=recorded,
            digests=digests_after(shen, [], DIGEST_EVERY, replayed.states, 0),
            digest_every=DIGEST_EVERY,
            status=Status.FINISHED,
            result=shen.result(state),
        )
