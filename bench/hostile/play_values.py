"""Hostile values for the play families of the campaign: actions, state numbers, entity
tags, match and simulation options, and bodies past the size limits, drawn from a seeded
generator as `values` draws its own."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

from bench.hostile.values import (
    NUMBERS,
    deep_json,
    json_literal,
    json_value,
    malformed_json,
    number,
    one_of,
    text,
)

# Body sizes around the limits: a file held in memory (64 KiB), a request body read
# whole (1 MiB), a replay upload (5 MiB), and well past them all.
BODY_SIZES = (64 * 1024 + 1, 1024 * 1024 + 1, 5 * 1024 * 1024 + 1, 16 * 1024 * 1024)
# Action types of the game, and some it has not.
ACTION_TYPES = (
    "pass",
    "place_counter",
    "place_stone",
    "play_card",
    "move",
    "attack",
    "redraw",
    "keep",
    "choose",
    "end_turn",
    "resign",
    "undo",
    "__proto__",
    "constructor",
)
# Whole numbers past every limit, and things that are not whole numbers at all, as JSON.
STATE_NUMBERS_JSON = (
    -1,
    2**31,
    2**63,
    10**30,
    1.5,
    1e308,
    "0",
    "",
    None,
    True,
    [],
    {},
    [0],
)


def state_number_text(rng: random.Random, real: int) -> str:
    """A form's state number: the match's own, one off it, or a hostile text."""
    roll = rng.random()
    if roll < 0.35:
        return str(real)
    if roll < 0.5:
        return str(real + rng.choice((-1, 1, 1000)))
    return one_of(rng, NUMBERS, ("1.5", "1e3", "0x0", "+0", str(real) + " ", "١"))


def state_number_json(rng: random.Random, real: int) -> object:
    """A JSON body's state number: the match's own, one off, or not a whole number."""
    roll = rng.random()
    if roll < 0.35:
        return real
    if roll < 0.5:
        return real + rng.choice((-1, 1))
    return rng.choice(STATE_NUMBERS_JSON) if rng.random() < 0.7 else json_value(rng)


def action_document(rng: random.Random, legal: Sequence[str]) -> object:
    """An action as a JSON value: a legal one, one changed, one made up, or no action."""
    roll = rng.random()
    if legal and roll < 0.3:
        return json.loads(rng.choice(legal))
    if legal and roll < 0.6:
        action = json.loads(rng.choice(legal))
        key = rng.choice([*action, "type", "extra", "seat", "index"])
        action[key] = json_value(rng) if rng.random() < 0.7 else text(rng)
        return action
    if roll < 0.8:
        action: dict[str, object] = {"type": rng.choice(ACTION_TYPES)}
        for key in rng.sample(("vertex", "card", "index", "target", "to", "seat", "choice"), 2):
            action[key] = json_value(rng)
        return action
    return rng.choice((json_value(rng), [{"type": "pass"}] * 1000, {"type": "pass" * 10_000}))


def action_text(rng: random.Random, legal: Sequence[str]) -> str:
    """An action as a form sends it: JSON text, often none that parses or a deep one."""
    roll = rng.random()
    if roll < 0.7:
        return json.dumps(action_document(rng, legal))
    if roll < 0.85:
        return malformed_json(rng)
    return rng.choice((json_literal(rng), deep_json(rng.choice((500, 50_000)), rng), text(rng)))


def entity_tag(rng: random.Random, real: str) -> str:
    """An If-None-Match header: the match's own tag, a near one, or a hostile list."""
    return rng.choice(
        (
            real,
            real,
            f"W/{real}",
            '"0-0"',
            '"-1--1"',
            '"9223372036854775808-1"',
            '"' + "9" * 5000 + '-0"',
            "*",
            ", ".join([real] * 2000),
            '"a"' * 3000,
            "",
            # A header cannot hold a line break: the client refuses it before sending.
            text(rng).replace("\r", "").replace("\n", ""),
        )
    )


def options_document(rng: random.Random) -> object:
    """A game's options: the real ones with hostile values, unknown ones, or not a mapping."""
    roll = rng.random()
    if roll < 0.15:
        return json_value(rng)
    options: dict[str, object] = {}
    for name in rng.sample(
        (
            "max_turns",
            "spirits_limit",
            "recovery",
            "ko",
            "ties",
            "claim_reach",
            "retreat",
            "realm_stone_counts",
        ),
        rng.randint(0, 3),
    ):
        options[name] = rng.choice(
            (
                json_value(rng),
                rng.choice((1, 8, 30, 200, 201, 10**9, -5, 0)),
                rng.choice(("all", "on", "reroll", "moved_from")),
            )
        )
    if rng.random() < 0.2:
        options[text(rng)[:100] or "unknown"] = json_value(rng)
    if rng.random() < 0.05:
        options = {f"option{n}": n for n in range(20_000)}
    return options


def body_padding(rng: random.Random) -> str:
    """Text of one of the sizes around the body limits."""
    return "x" * rng.choice(BODY_SIZES)


def game_index(rng: random.Random, games: int) -> str:
    """A game's number in a job: one of its games, just past them, or far past any limit."""
    return rng.choice(
        (
            str(rng.randrange(games)),
            str(rng.randrange(3)),
            str(games - 1),
            str(games),
            "0",
            "99999",
            "2147483648",
            "9223372036854775808",
            "9" * 5000,
        )
    )


def hostile_seed(rng: random.Random) -> object:
    return rng.choice((1, 0, -1, 2**63, 2**64, 10**100, 1.5, "7", number(rng), None, []))
