"""Replay files: a match's record as one JSON document, and importing one to watch it.

The document holds everything a game is a function of (the game, ruleset and
options, the decks by value, the seed, the actions), the digests that prove
a replay reproduces it (every ``digest_every``-th state's, and the final state's:
version 2) and the result; version 4's options hold the whole reading of the rules it
was played under. An import replays the whole record, checking every
digest, the final one and the result, before it saves anything: a file whose last
actions were changed, or cut short with its result kept, is refused.

An import's cost is bounded by the record's size (``MAX_ACTIONS``, cards within the
catalogue's bounds) and, as a last resort, by time (``SHEN_REPLAY_IMPORT_SECONDS``).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from games.matches.errors import MatchError
from games.matches.records import match_position
from games.models import Match, Mode, Status
from games.play import GAMES, MAX_BOT_GAME_ACTIONS, STALLED, Game, RecordMismatch
from games.seeds import LEGACY_SEED_BITS, MAX_SEED, is_seed
from shen_site.record_numbers import json_whole

FORMAT_NAME = "shen-lab-replay"
FORMAT_VERSION = 4
# Version 1 had no final digest: read only when its last stored digest is the final state's.
# Version 4's options are the whole reading its game was played under; a file of an earlier
# version may have been played under an earlier reading of its ruleset (the options of
# ``Game.earlier_reading``), under which it is read when it does not replay as it stands:
# versions 1 and 2 under all of it, version 3 (written once the earlier rulesets followed
# their own texts) only under the readings changed since, ``SINCE_VERSION_3``.
READ_VERSIONS = (1, 2, 3, 4)
SINCE_VERSION_3 = ("max_turns",)
# A result no action reaches: a resignation is not an action of the record.
RESIGNED = "resigned"
# The import's time budget is read on this clock (a test's to set).
clock = time.monotonic
# Bounds an import's cost: a long real game is 500 actions, a deck 60 cards. The action
# limit is the simulated games' own, so the record of any simulated game imports.
MAX_ACTIONS = MAX_BOT_GAME_ACTIONS
MAX_DECK_CARDS = 200
MAX_DIGEST_EVERY = 1_000
# A replay file is a few hundred kilobytes; far larger is not one. The import's request
# may carry that much (and a form's wrapping), over the site's usual 1 MiB.
MAX_REPLAY_FILE_BYTES = 5 * 1024 * 1024
MAX_REPLAY_REQUEST_BYTES = MAX_REPLAY_FILE_BYTES + 64 * 1024


def replay_document(match: Match) -> dict[str, Any]:
    """The match's record as a replay file."""
    game = GAMES[match.game]
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
        "final_digest": game.digest(match_position(match).state),
        "result": match.result,
    }


class ReplayTooCostly(Exception):
    """A replay that ran past the import's time budget."""


def replay_import(*, owner: AbstractBaseUser, document: Any) -> Match:
    """A match to watch, from a replay file; MatchError (nothing saved) when the file is
    malformed, its record does not reproduce its digests and its final digest, it does
    not reach the result it states, or it costs more than an import may."""
    record = _checked(document)
    game = GAMES[record["game"]]
    seconds = settings.REPLAY_IMPORT_SECONDS
    deadline = clock() + seconds
    try:
        try:
            final = _final_state(game, record, deadline)
        except RecordMismatch:
            earlier = _earlier_options(game, record)
            if earlier is None:
                raise
            record = {**record, "options": earlier}
            final = _final_state(game, record, deadline)
    except RecordMismatch as error:
        raise MatchError(str(error)) from None
    except ReplayTooCostly:
        raise MatchError(f"This record takes more than {seconds} seconds to replay.") from None
    stalled = len(record["actions"]) >= MAX_ACTIONS
    result = _result_reached(game.result(final), record["result"], stalled=stalled)
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
            status=Status.RESIGNED if result["reason"] == RESIGNED else Status.FINISHED,
            result=result,
        )


def _final_state(game: Game, record: dict[str, Any], deadline: float) -> Any:
    """The state ``record`` ends in, replayed checking every digest and the final one;
    RecordMismatch when it does not replay, ReplayTooCostly once ``deadline`` has passed."""
    replayed = game.replay(
        record["ruleset"],
        record["options"],
        record["decks"],
        record["seed"],
        _within(record["actions"], deadline),
        digests=record["digests"],
        every=record["digest_every"],
    )
    final = replayed.states[-1]
    if record["final_digest"] is not None and game.digest(final) != record["final_digest"]:
        raise RecordMismatch(
            f"The record does not replay: the final state, after {len(record['actions'])} "
            "actions, differs from the one recorded."
        )
    return final


def _earlier_options(game: Game, record: dict[str, Any]) -> dict[str, Any] | None:
    """The options of an earlier reading ``record`` may have been played under (None when
    its file is of this version, or its options already hold that reading)."""
    earlier = game.earlier_reading(record["ruleset"])
    if record["version"] >= FORMAT_VERSION:
        return None
    if record["version"] == 3:
        earlier = {k: v for k, v in earlier.items() if k in SINCE_VERSION_3}
    options = {**earlier, **record["options"]}
    return None if options == record["options"] else options


def _within(actions: Iterable[Any], deadline: float) -> Iterator[Any]:
    """``actions``, one at a time, raising ReplayTooCostly once ``deadline`` has passed."""
    for action in actions:
        if clock() > deadline:
            raise ReplayTooCostly
        yield action


def _result_reached(
    reached: dict[str, Any] | None, stated: Any, *, stalled: bool = False
) -> dict[str, Any]:
    """The stated result, when the replay reaches it (or, unfinished, a seat resigned, or
    a ``stalled`` record, one of MAX_ACTIONS actions, states the draw a simulated game
    stopped at the action limit is); else MatchError."""
    if reached is not None:
        if stated != reached:
            raise MatchError("The record does not reach the result the file states.")
        return reached
    resigned = (
        isinstance(stated, dict)
        and stated.keys() == {"winner", "reason"}
        and stated["reason"] == RESIGNED
        and stated["winner"] in (0, 1)
        and not isinstance(stated["winner"], bool)
    )
    if stalled and stated == {"winner": None, "reason": STALLED}:
        return stated
    if not resigned:
        raise MatchError("The record does not reach the result the file states: it is unfinished.")
    return stated


def _checked(document: Any) -> dict[str, Any]:
    """The document's fields, each of the right shape and size; MatchError naming the first
    that is not."""
    if not isinstance(document, dict):
        raise MatchError("A replay file is a JSON object.")
    version = document.get("version")
    # 2.0 and true are in READ_VERSIONS to Python; a version is a JSON integer.
    if (
        document.get("format") != FORMAT_NAME
        or not json_whole(version, 0, max(READ_VERSIONS))
        or version not in READ_VERSIONS
    ):
        raise MatchError(f"This is not a replay file ({FORMAT_NAME}, version {FORMAT_VERSION}).")
    game = document.get("game", "shen")
    # The names are checked as strings first: a list is no key of GAMES, it is a TypeError.
    if not isinstance(game, str) or game not in GAMES:
        raise MatchError(f"Unknown game: a replay file's game is one of {', '.join(GAMES)}.")
    ruleset = document.get("ruleset")
    rulesets = GAMES[game].rulesets()
    if not isinstance(ruleset, str) or ruleset not in rulesets:
        raise MatchError(f"Unknown ruleset: choose one of {', '.join(rulesets)}.")
    options = document.get("options", {})
    try:
        GAMES[game].check_options(ruleset, options)
    except ValueError as error:
        raise MatchError(str(error)) from None
    seed = document.get("seed")
    if not is_seed(seed):
        if json_whole(seed, 0, 2**LEGACY_SEED_BITS - 1):
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
    if not json_whole(every, 1, MAX_DIGEST_EVERY):
        raise MatchError(f"digest_every must be a whole number from 1 to {MAX_DIGEST_EVERY}.")
    digests = document.get("digests")
    expected = len(range(0, len(actions) + 1, every))
    if (
        not isinstance(digests, list)
        or len(digests) != expected
        or not all(isinstance(digest, str) for digest in digests)
    ):
        raise MatchError(f"The file must hold {expected} state digests (one every {every}).")
    final_digest = document.get("final_digest")
    if version == 1 and "final_digest" not in document:
        # The last stored digest is the final state's only when the record ends on one.
        if len(actions) % every:
            raise MatchError(
                "This replay file (version 1) holds no digest of its final state: "
                "download it again."
            )
    elif not isinstance(final_digest, str):
        raise MatchError("The file must hold the digest of its final state (final_digest).")
    return {
        "version": version,
        "game": game,
        "ruleset": ruleset,
        "options": options,
        "seed": seed,
        "decks": decks,
        "actions": actions,
        "digest_every": every,
        "digests": digests,
        "final_digest": final_digest,
        "result": document.get("result"),
    }
