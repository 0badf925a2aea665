"""The simulations and watch families of the hostile campaign: starting jobs with hostile
parameters (page and API; many of them, of huge game counts), cancelling, reading the
results, progress and exports of the player's jobs and another's; and watching games of
jobs played, never played and another's, at hostile game numbers."""

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
    get_request,
    maybe,
    post_form,
)
from bench.hostile.play_values import body_padding, game_index, hostile_seed, options_document
from bench.hostile.values import deep_json, encoded, json_value, malformed_json, number, text

BOTS = ("random", "greedy", "search")
KINDS = ("matchup", "rule_ab", "card_impact", "gauntlet", "errata")
# Game counts: a few, the most a job may play, and past it.
GAME_COUNTS = (1, 12, 1000, 100_000, 100_001, 10**9, 0, -1)


def _client(rng: random.Random) -> str:
    return rng.choice((PLAYER, PLAYER, PLAYER, PLAYER, ANONYMOUS, FORGER))


def _deck(world: World, rng: random.Random) -> object:
    roll = rng.random()
    if roll < 0.7:
        return rng.choice((world.own_deck, world.public_deck))
    if roll < 0.9:
        return rng.choice((world.private_deck, *world.absurd_decks))
    return json_value(rng)


def _parameters(world: World, rng: random.Random) -> object:
    """A kind's parameters with hostile values: rulesets, cards, deck lists, drafts."""
    roll = rng.random()
    if roll < 0.2:
        return json_value(rng)
    return {
        "ruleset_b": maybe(rng, "beta-2025", 0.4),
        "card": maybe(rng, world.card_names[0], 0.4),
        "substitute": maybe(rng, world.card_slugs[1], 0.4),
        "decks": rng.choice(([world.public_deck] * rng.choice((1, 50, 5000)), json_value(rng))),
        "opponents": rng.choice(([world.own_deck] * rng.choice((1, 50)), json_value(rng))),
        "changes": rng.choice(("melee=3", "movement=1000000000", text(rng), json_value(rng))),
        "abilities": rng.choice(("[]", deep_json(500, rng), json_value(rng))),
        "rules_text": rng.choice(("", "r" * 20_000, text(rng))),
    }


def _start_api(world: World, rng: random.Random) -> HostileRequest:
    document = {
        "deck_a": _deck(world, rng),
        "deck_b": _deck(world, rng),
        "bot_a": maybe(rng, rng.choice(BOTS), 0.2),
        "bot_b": maybe(rng, rng.choice(BOTS), 0.2),
        "ruleset": maybe(rng, "beta-2026-07", 0.2),
        "options": options_document(rng),
        "games": rng.choice(GAME_COUNTS) if rng.random() < 0.8 else json_value(rng),
        "seed": hostile_seed(rng),
        "kind": maybe(rng, rng.choice(KINDS), 0.2),
        "parameters": _parameters(world, rng),
    }
    for name in rng.sample(sorted(document), rng.randint(0, 3)):
        del document[name]
    if rng.random() < 0.35:
        # A job that starts, at a game count from a few to the most a job may play (many
        # jobs pile up: no worker plays them here), now and then with one field hostile.
        valid = {
            "deck_a": world.own_deck,
            "deck_b": world.public_deck,
            "bot_a": rng.choice(BOTS),
            "bot_b": rng.choice(BOTS),
            "ruleset": "beta-2026-07",
            "games": rng.choice((1, 12, 1000, 100_000)),
            "seed": rng.randrange(2**31),
        }
        name = rng.choice(sorted(document))
        document = {**valid, name: document[name]} if rng.random() < 0.4 else valid
    roll = rng.random()
    body = encoded(json.dumps(document))
    if roll < 0.05:
        body = encoded(json.dumps({**document, "padding": body_padding(rng)}))
    elif roll < 0.12:
        body = encoded(malformed_json(rng))
    return HostileRequest(
        "simulations", "POST", "/api/simulations/", body, JSON, client=_client(rng)
    )


def _start_page(world: World, rng: random.Random) -> HostileRequest:
    fields = {
        "deck_a": maybe(rng, str(world.own_deck), 0.3),
        "bot_a": maybe(rng, rng.choice(BOTS), 0.2),
        "deck_b": maybe(rng, str(world.public_deck), 0.3),
        "bot_b": maybe(rng, rng.choice(BOTS), 0.2),
        "kind": maybe(rng, rng.choice(KINDS), 0.2),
        "ruleset": maybe(rng, "beta-2026-07", 0.2),
        "games": maybe(rng, str(rng.choice(GAME_COUNTS)), 0.3),
        "seed": maybe(rng, str(rng.randrange(2**31)), 0.5),
        "max_turns": maybe(rng, str(rng.randint(1, 200)), 0.5),
        "card": maybe(rng, world.card_names[0], 0.5),
        "more_decks": maybe(rng, str(world.public_deck), 0.5),
        "draft_card": maybe(rng, world.card_slugs[0], 0.5),
        "draft_changes": maybe(rng, "movement=1000000000", 0.5),
        "draft_abilities": rng.choice(("", "[]", deep_json(500, rng), "a" * 6000)),
    }
    for name in rng.sample(sorted(fields), rng.randint(0, 4)):
        del fields[name]
    return post_form("simulations", "/simulations/new/", fields, _client(rng))


def aimed_job(world: World, rng: random.Random) -> str:
    """A job's id: the player's, another's, one the campaign made, or a hostile id."""
    play = world.play
    roll = rng.random()
    if roll < 0.6:
        return str(rng.choice(play.jobs))
    if roll < 0.9:
        return str(rng.choice(play.new_jobs))
    return rng.choice(HOSTILE_IDS)


def _job_post(world: World, rng: random.Random) -> HostileRequest:
    """Cancelling a job (the player's, another's, one that never was), or publishing its
    draft as an erratum (refused but for an errata job), by the page or the API."""
    job, action = aimed_job(world, rng), rng.choice(("cancel", "cancel", "publish"))
    if rng.random() < 0.5:
        path = f"/api/simulations/{job}/{action}/"
        return HostileRequest("simulations", "POST", path, b"{}", JSON, client=_client(rng))
    return post_form("simulations", f"/simulations/{job}/{action}/", {}, _client(rng))


EXPORTS = ("", "results/", "export.json", "games.csv", "cards.csv")


def _results(world: World, rng: random.Random) -> HostileRequest:
    job = aimed_job(world, rng)
    path = rng.choice(
        (
            f"/api/simulations/{job}/{rng.choice(EXPORTS)}",
            f"/simulations/{job}/",
            f"/simulations/{job}/live/",
            "/api/simulations/",
            "/simulations/",
        )
    )
    params = {
        name: maybe(rng, "1", 0.7)
        for name in rng.sample(("page", "page_size", "arm", "first", "count"), rng.randint(0, 2))
    }
    request = get_request("simulations", path, params, _client(rng))
    if "live" not in path or rng.random() < 0.3:
        return request
    headers = (("If-None-Match", rng.choice(('"0-0"', "*", '"' + "9" * 5000 + '"', number(rng)))),)
    return HostileRequest(
        "simulations", "GET", request.path, headers=headers, client=request.client
    )


# --- Watching a game ------------------------------------------------------------------------


def _watch(world: World, rng: random.Random) -> HostileRequest:
    play = world.play
    job = rng.choice(
        (
            play.played_job,
            play.played_job,
            play.queued_job,
            play.queued_job,
            play.others_job,
            rng.choice(play.new_jobs),
        )
    )
    index = game_index(rng, play.job_games)
    path = f"/simulations/{job}/games/{index}/watch/"
    return post_form("watch", path, {}, rng.choice((PLAYER, PLAYER, PLAYER, PLAYER, ANONYMOUS)))


def _watch_read(world: World, rng: random.Random) -> HostileRequest:
    """A watched game's replay: the watch answers with a redirect to it."""
    match = rng.choice(world.play.new_matches)
    return get_request("watch", f"/games/{match}/replay/", {}, PLAYER)


SIMULATIONS = (_start_api, _start_api, _start_page, _job_post, _results, _results, _job_post)
WATCH = (_watch, _watch, _watch, _watch, _watch_read)
