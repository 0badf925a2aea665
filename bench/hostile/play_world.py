"""The play part of the world the hostile campaign aims at: matches at several depths, a
bot match, finished matches (the player's and another's), another's match in play and its
invitation, a replay file to mutate, and simulation jobs (played, queued, another's).

Made on the fresh database through the services, as players would make them; the
requests are generated ahead of the campaign, so the `PlayWorld` also names the ids
the campaign's own creations will take (the next few after the last made here).
"""

from __future__ import annotations

import json
import random

from bench.hostile.basics import PlayWorld

# How many actions into its game each of the player's hot-seat matches is: a fresh one,
# one mid-setup, one in play (the acts, undos and resignations aim at these).
HOTSEAT_DEPTHS = (0, 1, 3, 12, 40, 80)
# The actions a replay file holds before its match is resigned.
REPLAY_ACTIONS = 60
# Legal actions noted per match: what a well-formed act of the campaign sends.
LEGAL_NOTED = 6
# The ids after the last made here that the campaign's own creations may take.
AHEAD = 40
# A played job: short games (the figures, exports and watch read them).
PLAYED_JOB = {"games": 12, "options": {"max_turns": 8}, "bot_a": "random", "bot_b": "random"}
# A job nobody played yet, of full-length games between greedy bots: watching one of its
# games plays it in full.
QUEUED_JOB = {"games": 40, "options": {}, "bot_a": "greedy", "bot_b": "greedy"}


def play_world_build(*, player, other, own, public, private) -> PlayWorld:
    """The matches and jobs of `player` (with their deck `own`) and `other` (with their
    decks `public` and `private`) that the play families aim at."""
    from games.matches.replays import replay_document
    from games.matches.services import match_create, match_resign
    from games.models import Match, Mode
    from games.models.simulations import SimulationJob

    rng = random.Random("hostile play world")
    hotseats = []
    for depth in HOTSEAT_DEPTHS:
        match = match_create(owner=player, deck=own, mode=Mode.HOTSEAT, seed=depth + 1)
        hotseats.append(_played(match, player, depth, rng))
    bot = match_create(owner=player, deck=own, mode=Mode.BOT, seed=5, first_turn="opponent")
    recorded = _played(
        match_create(owner=player, deck=own, mode=Mode.HOTSEAT, seed=11), player, 0, rng
    )
    recorded = _played(recorded, player, REPLAY_ACTIONS, rng)
    finished = match_resign(match=recorded, user=player)
    others = match_create(owner=other, deck=private, mode=Mode.HOTSEAT, seed=2)
    others_finished = match_resign(
        match=match_create(owner=other, deck=public, mode=Mode.HOTSEAT, seed=4), user=other
    )
    invitation = match_create(owner=other, deck=public, mode=Mode.FRIEND)
    played = _job(player, own, public, **PLAYED_JOB)
    _run(played)
    queued = _job(player, own, public, **QUEUED_JOB)
    others_job = _job(other, public, public, **PLAYED_JOB)
    _run(others_job)
    last_match = Match.objects.order_by("-pk").values_list("pk", flat=True).first()
    last_job = SimulationJob.objects.order_by("-pk").values_list("pk", flat=True).first()
    return PlayWorld(
        hotseats=tuple(match.pk for match in hotseats),
        numbers=tuple(match.number for match in hotseats),
        legal_actions=tuple(tuple(_legal(match)) for match in hotseats),
        bot_match=bot.pk,
        finished=finished.pk,
        finished_number=finished.number,
        others_match=others.pk,
        others_finished=others_finished.pk,
        invite_token=invitation.invite_token,
        replay_file=json.dumps(replay_document(finished)),
        played_job=played.pk,
        queued_job=queued.pk,
        others_job=others_job.pk,
        job_games=QUEUED_JOB["games"],
        new_matches=tuple(range(last_match + 1, last_match + 1 + AHEAD)),
        new_jobs=tuple(range(last_job + 1, last_job + 1 + AHEAD)),
    )


def _legal(match) -> list[str]:
    """Up to LEGAL_NOTED of the match's legal actions as it stands, as client JSON text."""
    from games.matches.records import match_position
    from games.play import GAMES

    game = GAMES[match.game]
    actions = game.legal_actions(match_position(match).state)
    return [json.dumps(game.action_to_json(action)) for action in actions[:LEGAL_NOTED]]


def _played(match, player, depth: int, rng: random.Random):
    """`match` after `depth` more legal actions (fewer if the game ends), drawn by `rng`."""
    from games.matches.services import match_act

    for _ in range(depth):
        actions = _legal(match)
        if not actions or match.is_over:
            break
        action = json.loads(rng.choice(actions))
        match = match_act(match=match, user=player, action=action, number=match.number)
    return match


def _job(owner, deck_a, deck_b, **fields):
    from games.simulations.services import simulation_create

    return simulation_create(
        owner=owner, deck_a=deck_a, deck_b=deck_b, ruleset="beta-2026-07", seed=7, **fields
    )


def _run(job) -> None:
    """Play every chunk of `job` here, as a worker would."""
    from games.simulations.services import chunk_run

    for pk in job.chunks.values_list("pk", flat=True):
        chunk_run(pk)
