"""The replays and notes families of the hostile campaign: the replay viewer at hostile
?at= values, replay downloads, replay files imported (page and API) with huge traits, records
cut short, wrong digests and huge bodies, and play-test notes, many and large."""

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
    multipart_body,
    post_form,
)
from bench.hostile.play_values import body_padding, hostile_seed, options_document
from bench.hostile.values import NUMBERS, encoded, json_value, malformed_json, one_of, text

# A card's numbers past anything a card has: a movement of a billion squares, and worse.
HUGE_TRAITS = (10**9, 1e9, -(10**9), 2**63, 10**100, 1e308, -1, 0.5, "9", None, [], {})


def _viewed_match(world: World, rng: random.Random) -> str:
    play = world.play
    return rng.choice(
        (
            str(play.finished),
            str(play.finished),
            str(play.others_finished),
            str(rng.choice(play.hotseats)),
            str(play.others_match),
            str(rng.choice(play.new_matches)),
            rng.choice(HOSTILE_IDS),
        )
    )


def _at(world: World, rng: random.Random) -> str:
    last = world.play.finished_number
    return rng.choice(
        (
            str(rng.randint(0, last)),
            str(last),
            str(last + 1),
            "-1",
            "1.5",
            "1e9",
            str(2**63),
            "9" * 5000,
            one_of(rng, NUMBERS),
        )
    )


# --- Watching and downloading ---------------------------------------------------------------


def _replay_page(world: World, rng: random.Random) -> HostileRequest:
    params = {"at": _at(world, rng)} if rng.random() < 0.85 else {}
    path = f"/games/{_viewed_match(world, rng)}/replay/"
    return get_request("replays", path, params, rng.choice((PLAYER, PLAYER, ANONYMOUS)))


def _replay_download(world: World, rng: random.Random) -> HostileRequest:
    match = _viewed_match(world, rng)
    path = rng.choice((f"/games/{match}/replay.json", f"/api/matches/{match}/replay/"))
    return get_request("replays", path, {}, rng.choice((PLAYER, PLAYER, ANONYMOUS)))


# --- Importing ------------------------------------------------------------------------------


def _numbers_in(value: object, path: tuple = ()) -> list[tuple]:
    """The paths to every number in a JSON value (the card traits of a deck among them)."""
    if isinstance(value, bool):
        return []
    if isinstance(value, int | float):
        return [path]
    if isinstance(value, dict):
        return [found for key, item in value.items() for found in _numbers_in(item, (*path, key))]
    if isinstance(value, list):
        return [found for n, item in enumerate(value) for found in _numbers_in(item, (*path, n))]
    return []


def _set(document: dict, path: tuple, value: object) -> None:
    for step in path[:-1]:
        document = document[step]
    document[path[-1]] = value


def _huge_traits(document: dict, rng: random.Random) -> None:
    """Some card's numbers (its movement among them when it has one) made huge or wrong."""
    decks = document.get("decks") or []
    traits = _numbers_in(decks)
    movements = [path for path in traits if path[-1] == "movement"]
    for path in rng.sample(traits, min(len(traits), rng.choice((1, 3, 50)))) + movements[:1]:
        _set(decks, path, rng.choice(HUGE_TRAITS))


def _replay_document(world: World, rng: random.Random) -> object:
    """The finished match's replay file with one or two hostile changes."""
    document = json.loads(world.play.replay_file)
    for _ in range(rng.choice((1, 1, 2))):
        change = rng.randrange(9)
        actions, digests = document["actions"], document["digests"]
        if change == 0:
            _huge_traits(document, rng)
        elif change == 1:  # cut short: the last actions gone, or all but the first
            document["actions"] = actions[: rng.choice((0, 1, len(actions) // 2, len(actions) - 1))]
        elif change == 2 and digests:  # a digest changed, dropped, or many made up
            choice = rng.randrange(3)
            if choice == 0:
                index = rng.randrange(len(digests))
                digests[index] = digests[index][::-1]
            elif choice == 1:
                document["digests"] = digests[:-1]
            else:
                document["digests"] = [digests[0]] * rng.choice((1000, 100_000))
        elif change == 3:
            document["digest_every"] = rng.choice((0, 1, -1, 1000, 1001, 10**9, 1.5, "10", None))
        elif change == 4:  # the actions repeated past the bound, or one made hostile
            if rng.random() < 0.5:
                document["actions"] = actions * rng.choice((100, 2000))
            elif actions:
                document["actions"][rng.randrange(len(actions))] = json_value(rng)
        elif change == 5:
            document["options"] = options_document(rng)
        elif change == 6:
            document["seed"] = hostile_seed(rng)
        elif change == 7:  # the decks: too many cards, one deck, three, not decks at all
            decks = document["decks"]
            document["decks"] = rng.choice(
                (
                    [{**decks[0], "cards": decks[0]["cards"] * 50}, decks[1]],
                    decks[:1],
                    decks * 2,
                    json_value(rng),
                )
            )
        else:
            key = rng.choice(("format", "version", "game", "ruleset", "result", "extra"))
            document[key] = json_value(rng) if rng.random() < 0.6 else text(rng)
    return document


def _replay_file(world: World, rng: random.Random) -> bytes:
    """A replay file's bytes: as downloaded, changed, cut mid-text, padded, or not JSON."""
    roll = rng.random()
    if roll < 0.1:
        return encoded(world.play.replay_file)
    if roll < 0.75:
        return encoded(json.dumps(_replay_document(world, rng)))
    if roll < 0.85:
        whole = world.play.replay_file
        return encoded(whole[: rng.randrange(len(whole))])
    if roll < 0.93:
        document = json.loads(world.play.replay_file)
        document["padding"] = body_padding(rng)
        return encoded(json.dumps(document))
    return encoded(malformed_json(rng))


def _import_page(world: World, rng: random.Random) -> HostileRequest:
    name = rng.choice(("replay.json", "replay.txt", text(rng)[:100] or "x"))
    body, content_type = multipart_body({}, {"file": (name, _replay_file(world, rng))}, rng)
    client = rng.choice((PLAYER, PLAYER, PLAYER, ANONYMOUS, FORGER))
    return HostileRequest("replays", "POST", "/games/import/", body, content_type, client=client)


def _import_api(world: World, rng: random.Random) -> HostileRequest:
    client = rng.choice((PLAYER, PLAYER, PLAYER, ANONYMOUS))
    body = _replay_file(world, rng)
    return HostileRequest("replays", "POST", "/api/matches/import/", body, JSON, client=client)


# --- Notes ----------------------------------------------------------------------------------


def _note_text(rng: random.Random) -> str:
    return rng.choice(
        (
            "Tempo lost here.",
            "n" * 2000,
            "n" * 2001,
            "n" * (900 * 1024),
            body_padding(rng),
            " " * 3000,
            text(rng),
            "",
        )
    )


def _note(world: World, rng: random.Random) -> HostileRequest:
    play = world.play
    match = rng.choice(
        (
            play.finished,
            play.finished,
            play.finished,
            rng.choice(play.hotseats),
            play.others_finished,
            play.others_match,
        )
    )
    number = rng.choice(
        (str(rng.randint(0, play.finished_number)), "0", str(play.finished_number + 1))
    )
    fields = {"number": number if rng.random() < 0.8 else one_of(rng, NUMBERS), "text": ""}
    fields["text"] = _note_text(rng)
    client = rng.choice((PLAYER, PLAYER, PLAYER, PLAYER, ANONYMOUS, FORGER))
    return post_form("notes", f"/games/{match}/notes/", fields, client)


def _notes_read(world: World, rng: random.Random) -> HostileRequest:
    """The replay viewer of the match the notes pile up on, at a state they are about."""
    params = {"at": str(rng.randint(0, world.play.finished_number))}
    return get_request("notes", f"/games/{world.play.finished}/replay/", params, PLAYER)


REPLAYS = (_replay_page, _replay_page, _replay_download, _import_page, _import_api, _import_api)
NOTES = (_note, _note, _note, _notes_read)
