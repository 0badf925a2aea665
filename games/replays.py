"""Replay files: a match's record as one JSON document, and importing one to watch it.

The document holds everything a game is a function of (the game, ruleset and
options, the decks by value, the seed, the actions) and the digests that prove
a replay reproduces it. An import replays the whole record, checking every
digest, before it saves anything.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from games.models import Match, Mode, Status
from games.play import GAMES, RecordMismatch
from games.seeds import LEGACY_SEED_BITS, MAX_SEED, is_seed
from games.services import MatchError
from games.simulation_games import MAX_ACTIONS as SIMULATED_ACTIONS
from games.simulation_games import STALLED

FORMAT_NAME = "shen-lab-replay"
FORMAT_VERSION = 1
# Bounds an import's cost: a long real game is 500 actions, a deck 60 cards. The action
# limit is the simulated games' own, so the record of any simulated game imports.
MAX_ACTIONS = SIMULATED_ACTIONS
MAX_DECK_CARDS = 200
MAX_DIGEST_EVERY = 1_000


def replay_document(match: Match) -> dict[str, Any]:
    """The match's record as a replay file."""
    return {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "game": match.game,
        "ruleset": match.ruleset,
        "options": match.options,
        "decks": match.decks,
        "seed": match.seed,
        "actions": match.actions,
        "digest_every": match.digest_every,
        "digests": match.digests,
        "result": match.result,
    }


def replay_import(*, owner: AbstractBaseUser, document: Any) -> Match:
    """A match to watch, from a replay file; MatchError (nothing saved) when the file is
    malformed or its record does not reproduce its digests."""
    record = _checked(document)
    game = GAMES[record["game"]]
    try:
        replayed = game.replay(
            record["ruleset"],
            record["options"],
            record["decks"],
            record["seed"],
            record["actions"],
            digests=record["digests"],
            every=record["digest_every"],
        )
    except RecordMismatch as error:
        raise MatchError(str(error)) from None
    result = game.result(replayed.states[-1])
    if result is None and len(record["actions"]) >= MAX_ACTIONS:
        # A simulated game stopped at the action limit: a draw that stalled, as counted.
        result = {"winner": None, "reason": STALLED}
    with transaction.atomic():
        return Match.objects.create(
            game=record["game"],
            owner=owner,
            mode=Mode.IMPORTED,
            ruleset=record["ruleset"],
            options=record["options"],
            seed=record["seed"],
            decks=record["decks"],
            number=len(record["actions"]),
            actions=record["actions"],
            digests=record["digests"],
            digest_every=record["digest_every"],
            status=Status.FINISHED,
            result=result,
        )


def _checked(document: Any) -> dict[str, Any]:
    """The document's fields, each of the right shape and size; MatchError naming the first
    that is not."""
    if not isinstance(document, dict):
        raise MatchError("A replay file is a JSON object.")
    # 1.0 and true equal 1 in Python; a version is the JSON integer 1 alone.
    version = document.get("version")
    if document.get("format") != FORMAT_NAME or not (
        _whole(version, FORMAT_VERSION) and version == FORMAT_VERSION
    ):
        raise MatchError(f"This is not a replay file ({FORMAT_NAME}, version {FORMAT_VERSION}).")
    game = document.get("game", "shen")
    if game not in GAMES:
        raise MatchError(f"Unknown game {game!r}.")
    ruleset = document.get("ruleset")
    if ruleset not in GAMES[game].rulesets():
        raise MatchError(f"Unknown ruleset {ruleset!r}.")
    options = document.get("options", {})
    try:
        GAMES[game].check_options(ruleset, options)
    except ValueError as error:
        raise MatchError(str(error)) from None
    seed = document.get("seed")
    if not is_seed(seed):
        if _whole(seed, 2**LEGACY_SEED_BITS - 1):
            # Only the replay of a game of a job stored before seeds had one range.
            raise MatchError(
                f"The seed must be a whole number from 0 to {MAX_SEED}: this replay is of a "
                "simulated game from before seeds had that range, which the site can show "
                "(Watch) but not import."
            )
        raise MatchError(f"The seed must be a whole number from 0 to {MAX_SEED}.")
    decks = document.get("decks")
    if not (
        isinstance(decks, list)
        and len(decks) == 2
        and all(
            isinstance(deck, dict)
            and isinstance(deck.get("cards"), list)
            and len(deck["cards"]) <= MAX_DECK_CARDS
            and isinstance(deck.get("home_realm", ""), str)
            and all(isinstance(card, dict) for card in deck["cards"])
            for deck in decks
        )
    ):
        raise MatchError(f"The decks must be two objects of at most {MAX_DECK_CARDS} cards each.")
    actions = document.get("actions")
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise MatchError(f"The actions must be a list of at most {MAX_ACTIONS} actions.")
    every = document.get("digest_every")
    if not _whole(every, MAX_DIGEST_EVERY) or every < 1:
        raise MatchError(f"digest_every must be a whole number from 1 to {MAX_DIGEST_EVERY}.")
    digests = document.get("digests")
    expected = len(range(0, len(actions) + 1, every))
    if (
        not isinstance(digests, list)
        or len(digests) != expected
        or not all(isinstance(digest, str) for digest in digests)
    ):
        raise MatchError(f"The file must hold {expected} state digests (one every {every}).")
    return {
        "game": game,
        "ruleset": ruleset,
        "options": options,
        "seed": seed,
        "decks": decks,
        "actions": actions,
        "digest_every": every,
        "digests": digests,
    }


def _whole(value: Any, most: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= most
