"""The matches family of the hostile campaign: starting matches with hostile options, decks
and seats (page and API), acting with hostile actions and state numbers (bodies huge and
deep among them), on the player's matches, another's and ones that do not exist;
undoing, answering, resigning, handing over, having the bot move; joining; and the live
check polled with odd entity tags."""

from __future__ import annotations

import json
import random

from bench.hostile.basics import (
    ANONYMOUS,
    FORGER,
    HOSTILE_IDS,
    JSON,
    PLAYER,
    HostileRequest,
    World,
    any_deck,
    get_request,
    htmx_headers,
    maybe,
    post_form,
)
from bench.hostile.play_values import (
    action_document,
    action_text,
    body_padding,
    entity_tag,
    hostile_seed,
    options_document,
    state_number_json,
    state_number_text,
)
from bench.hostile.values import deep_json, encoded, json_value, malformed_json, quoted, text

OPPONENTS = ("hotseat", "bot", "friend")
BOTS = ("random", "greedy", "search")
RULESETS = ("beta-2026-07", "beta-2025")
FIRST_TURNS = ("dice", "me", "opponent")


def aimed_match(world: World, rng: random.Random) -> tuple[str, int, tuple[str, ...]]:
    """(match id, its state number as made, a few of its legal actions): the player's
    hot-seats mostly, else their bot or finished match, another's, one the campaign made,
    or a hostile id."""
    play = world.play
    roll = rng.random()
    if roll < 0.55:
        index = rng.randrange(len(play.hotseats))
        return str(play.hotseats[index]), play.numbers[index], play.legal_actions[index]
    if roll < 0.65:
        return str(play.bot_match), 0, ()
    if roll < 0.72:
        return str(play.finished), play.finished_number, ()
    if roll < 0.82:
        return str(rng.choice((play.others_match, play.others_finished))), 0, ()
    if roll < 0.93:
        return str(rng.choice(play.new_matches)), 0, ()
    return rng.choice(HOSTILE_IDS), 0, ()


def _player(rng: random.Random) -> str:
    return rng.choice((PLAYER, PLAYER, PLAYER, PLAYER, ANONYMOUS, FORGER))


# --- Starting a match -----------------------------------------------------------------------


def _start_document(world: World, rng: random.Random) -> dict[str, object]:
    roll = rng.random()
    deck = world.own_deck if roll < 0.6 else rng.choice(world.decks) if roll < 0.85 else None
    return {
        "deck": json_value(rng) if deck is None else deck,
        "opponent": maybe(rng, rng.choice(OPPONENTS), 0.2),
        "bot": maybe(rng, rng.choice(BOTS), 0.2),
        "opponent_deck": rng.choice(
            (world.public_deck, world.private_deck, world.own_deck, None, json_value(rng))
        ),
        "ruleset": maybe(rng, rng.choice(RULESETS), 0.2),
        "options": options_document(rng),
        "seed": hostile_seed(rng),
        "first_turn": maybe(rng, rng.choice(FIRST_TURNS), 0.2),
    }


def _start_api(world: World, rng: random.Random) -> HostileRequest:
    document = _start_document(world, rng)
    for name in rng.sample(sorted(document), rng.randint(0, 3)):
        del document[name]
    if rng.random() < 0.3:
        # A match that starts, now and then with one field hostile.
        valid = {"deck": world.own_deck, "opponent": rng.choice(OPPONENTS), "seed": 1}
        name = rng.choice(sorted(document) or ["seed"])
        document = {**valid, name: document.get(name)} if rng.random() < 0.4 else valid
    body = encoded(json.dumps(document))
    if rng.random() < 0.1:
        body = encoded(rng.choice((malformed_json(rng), deep_json(50_000, rng))))
    return HostileRequest("matches", "POST", "/api/matches/", body, JSON, client=_player(rng))


def _start_page(world: World, rng: random.Random) -> HostileRequest:
    fields = {
        "opponent": maybe(rng, rng.choice(OPPONENTS), 0.2),
        "bot": maybe(rng, rng.choice(BOTS), 0.2),
        "opponent_deck": maybe(rng, str(rng.choice((world.public_deck, world.private_deck))), 0.4),
        "ruleset": maybe(rng, rng.choice(RULESETS), 0.2),
        "max_turns": maybe(rng, str(rng.randint(1, 200)), 0.6),
        "spirits_limit": maybe(rng, str(rng.randint(0, 9)), 0.6),
        "recovery": maybe(rng, "all", 0.5),
        "seed": maybe(rng, str(rng.randrange(2**31)), 0.5),
        "first_turn": maybe(rng, rng.choice(FIRST_TURNS), 0.2),
    }
    for name in rng.sample(sorted(fields), rng.randint(0, 3)):
        del fields[name]
    deck = rng.choice((str(world.own_deck), str(world.own_deck), any_deck(world, rng)))
    return post_form("matches", f"/games/new/?deck={deck}", fields, _player(rng))


# --- Acting ---------------------------------------------------------------------------------


def _act_page(world: World, rng: random.Random) -> HostileRequest:
    match, real, legal = aimed_match(world, rng)
    fields = {"action": action_text(rng, legal), "number": state_number_text(rng, real)}
    if rng.random() < 0.05:
        fields["action"] = body_padding(rng)
    for name in rng.sample(sorted(fields), rng.randint(0, 1) if rng.random() < 0.1 else 0):
        del fields[name]
    path = f"/games/{match}/act/"
    return post_form("matches", path, fields, _player(rng), headers=htmx_headers(rng))


def _act_api(world: World, rng: random.Random) -> HostileRequest:
    match, real, legal = aimed_match(world, rng)
    roll = rng.random()
    if roll < 0.08:
        body = encoded(json.dumps({"action": body_padding(rng), "number": real}))
    elif roll < 0.16:
        deep = deep_json(rng.choice((1000, 100_000)), rng)
        body = encoded(f'{{"number": {real}, "action": {deep}}}')
    elif roll < 0.22:
        body = encoded(malformed_json(rng))
    else:
        document = {
            "action": action_document(rng, legal),
            "number": state_number_json(rng, real),
        }
        body = encoded(json.dumps(document))
    path = f"/api/matches/{match}/act/"
    return HostileRequest("matches", "POST", path, body, JSON, client=_player(rng))


# --- Undo, answers, resigning, handing over, the bot ----------------------------------------

MOVES = ("undo", "undo/answer", "resign", "reveal", "bot-move")


def _move_page(world: World, rng: random.Random) -> HostileRequest:
    match, _, _ = aimed_match(world, rng)
    move = rng.choice(MOVES)
    fields = {
        "accept": maybe(rng, rng.choice(("yes", "no")), 0.3),
        "seat": maybe(rng, rng.choice(("0", "1")), 0.4),
    }
    path = f"/games/{match}/{move}/"
    return post_form("matches", path, fields, _player(rng), headers=htmx_headers(rng))


def _move_api(world: World, rng: random.Random) -> HostileRequest:
    match, _, _ = aimed_match(world, rng)
    move = rng.choice(("undo", "undo/answer", "resign", "bot-move"))
    document = {"accept": rng.choice((True, False, json_value(rng)))} if "answer" in move else {}
    body = encoded(json.dumps(document) if rng.random() < 0.85 else malformed_json(rng))
    path = f"/api/matches/{match}/{move}/"
    return HostileRequest("matches", "POST", path, body, JSON, client=_player(rng))


def _join(world: World, rng: random.Random) -> HostileRequest:
    token = rng.choice((world.play.invite_token, "x" * 20, "A" * 64, "a" * 5000, text(rng)[:80]))
    deck = maybe(rng, str(rng.choice((world.own_deck, world.public_deck))), 0.3)
    if rng.random() < 0.5:
        document = {"token": token, "deck": json_value(rng) if deck == "" else deck}
        body, client = encoded(json.dumps(document)), _player(rng)
        return HostileRequest("matches", "POST", "/api/matches/join/", body, JSON, client=client)
    path = f"/games/join/{quoted(token) or 'x'}/"
    return post_form("matches", path, {"deck": deck}, _player(rng))


# --- Reading: the table, the live check, my view, the actions --------------------------------


def _live(world: World, rng: random.Random) -> HostileRequest:
    match, real, _ = aimed_match(world, rng)
    tag = entity_tag(rng, f'"{real}-{real}"')
    waiting = maybe(rng, rng.choice(("1", "bot", "friend")), 0.5)
    params = {"waiting": waiting} if rng.random() < 0.4 else {}
    request = get_request("matches", f"/games/{match}/live/", params, _player(rng))
    return HostileRequest(
        "matches",
        "GET",
        request.path,
        headers=(("If-None-Match", tag), *htmx_headers(rng)),
        client=request.client,
    )


def _read(world: World, rng: random.Random) -> HostileRequest:
    match, _, _ = aimed_match(world, rng)
    path = rng.choice(
        (f"/games/{match}/", f"/api/matches/{match}/", f"/api/matches/{match}/actions/")
    )
    params = {
        name: maybe(rng, "1", 0.8)
        for name in rng.sample(("page", "page_size", "from", "seat", "at"), rng.randint(0, 2))
    }
    return get_request("matches", path, params, _player(rng))


MATCHES = (
    _start_api,
    _start_page,
    _act_page,
    _act_page,
    _act_api,
    _act_api,
    _move_page,
    _move_api,
    _join,
    _live,
    _live,
    _read,
)
