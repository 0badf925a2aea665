"""The deck families of the hostile campaign: importers (paste and upload, page and API,
every kind), deck edits (the builder's +1 and set, autosave, naming, restoring, deleting),
history and diffs, and the expensive pages (proxy and registration sheets, odds)."""

from __future__ import annotations

import json
import random
import zlib

from bench.hostile.basics import (
    ANONYMOUS,
    FORGER,
    JSON,
    PLAYER,
    HostileRequest,
    World,
    any_deck,
    get_request,
    htmx_headers,
    maybe,
    multipart_body,
    post_form,
)
from bench.hostile.values import (
    code_payload,
    csv_decklist,
    deck_code_text,
    encoded,
    json_decklist,
    json_value,
    mutated_export,
    number,
    quoted,
    text,
    text_decklist,
)

# --- Importers ------------------------------------------------------------------------------


def _decklist(world: World, rng: random.Random) -> tuple[str, str]:
    """(kind, decklist): one of the four kinds, hostile throughout or a valid one mutated."""
    from decks.io.deck_code import deck_code_from_payload

    kind = rng.choice(("text", "json", "csv", "code"))
    if rng.random() < 0.35:
        return kind, mutated_export(kind, world.exports[kind], rng)
    names, slugs = world.card_names, world.card_slugs
    if kind == "text":
        return kind, text_decklist(names, rng)
    if kind == "csv":
        return kind, csv_decklist(names, rng)
    if kind == "json":
        return kind, json_decklist(names, slugs, rng)
    return kind, deck_code_text(
        code_payload(world.format_slugs, slugs, rng), rng, deck_code_from_payload
    )


def _declared_kind(kind: str, rng: random.Random) -> str:
    return rng.choice((kind, kind, "auto", rng.choice(("text", "json", "csv", "code")), text(rng)))


def _import_page_paste(world: World, rng: random.Random) -> HostileRequest:
    kind, decklist = _decklist(world, rng)
    fields = {
        "kind": _declared_kind(kind, rng),
        "text": decklist,
        "format": maybe(rng, "1", 0.3),
        "home_realm": maybe(rng, "", 0.3),
        "name": maybe(rng, "Imported", 0.4),
    }
    if rng.random() < 0.5:
        fields["keep_valid_lines"] = "on"
    return post_form("importers", "/decks/import/", fields)


UPLOAD_BYTES = (
    b"\xff\xfe3\x00 \x00E\x00",  # UTF-16
    b"3 Ember Lance\n\xc3\x28 bad\n",  # invalid UTF-8
    b"\xef\xbb\xbf3 Ember Lance\n",  # a BOM
    b"\x1f\x8b\x08\x00" + zlib.compress(b"3 Ember Lance") * 10,  # gzip-looking bytes
    b"",
    b"3 Ember Lance\n" * 6000,  # over 64 KiB
)


def _upload_content(world: World, rng: random.Random) -> tuple[str, bytes]:
    if rng.random() < 0.3:
        return "text", rng.choice(UPLOAD_BYTES)
    kind, decklist = _decklist(world, rng)
    return kind, encoded(decklist)


def _import_page_upload(world: World, rng: random.Random) -> HostileRequest:
    kind, content = _upload_content(world, rng)
    filename = maybe(rng, f"deck.{kind}", 0.4)
    fields = {"kind": _declared_kind(kind, rng), "format": maybe(rng, "1", 0.3), "text": ""}
    body, content_type = multipart_body(fields, {"upload": (filename, content)}, rng)
    return HostileRequest("importers", "POST", "/decks/import/", body, content_type)


def _import_api_json(world: World, rng: random.Random) -> HostileRequest:
    kind, decklist = _decklist(world, rng)
    document = {
        "text": decklist,
        "kind": _declared_kind(kind, rng),
        "format": maybe(rng, world.format_slugs[0], 0.3),
        "name": maybe(rng, "Imported", 0.3),
        "keep_valid_lines": rng.random() < 0.5,
    }
    return HostileRequest(
        "importers", "POST", "/api/decks/import/", encoded(json.dumps(document)), JSON
    )


def _import_api_upload(world: World, rng: random.Random) -> HostileRequest:
    kind, content = _upload_content(world, rng)
    fields = {"kind": _declared_kind(kind, rng), "format": maybe(rng, world.format_slugs[0], 0.3)}
    body, content_type = multipart_body(
        fields, {"file": (maybe(rng, "deck.txt", 0.3), content)}, rng
    )
    return HostileRequest("importers", "POST", "/api/decks/import/", body, content_type)


def _validate_api(world: World, rng: random.Random) -> HostileRequest:
    kind, decklist = _decklist(world, rng)
    document: dict[str, object] = {"format": maybe(rng, world.format_slugs[0], 0.2)}
    if rng.random() < 0.5:
        document |= {"text": decklist, "kind": _declared_kind(kind, rng)}
    else:
        document["entries"] = [
            {
                "card": maybe(rng, rng.choice(world.card_slugs), 0.05),
                "count": rng.choice((1, 2, 3)) if rng.random() < 0.95 else json_value(rng),
                "board": rng.choice(("main", "side")) if rng.random() < 0.95 else text(rng),
            }
            for _ in range(rng.choice((1, 10, 40, 300, 301)))
        ]
    client = rng.choice((PLAYER, ANONYMOUS))
    return HostileRequest(
        "importers",
        "POST",
        "/api/decklists/validate/",
        encoded(json.dumps(document)),
        JSON,
        client=client,
    )


# --- Deck edits: the builder's +1 and set controls, autosave, naming and restoring ------------


def _edit_target(world: World, rng: random.Random) -> int:
    return rng.choice((world.own_deck, world.own_deck, world.public_deck, *world.absurd_decks))


def _builder_change(world: World, rng: random.Random) -> HostileRequest:
    fields = {
        "card": maybe(rng, rng.choice(world.card_slugs), 0.25),
        "board": maybe(rng, rng.choice(("main", "side")), 0.2),
        "action": maybe(rng, rng.choice(("add", "add", "remove", "set", "move")), 0.15),
        "count": maybe(rng, str(rng.randint(0, 99)), 0.5),
    }
    path = f"/decks/{_edit_target(world, rng)}/edit/change/"
    return post_form("deck-edit", path, fields, headers=htmx_headers(rng))


def _builder_settings(world: World, rng: random.Random) -> HostileRequest:
    fields = {
        "revision": maybe(rng, str(rng.randint(1, 40)), 0.4),
        "name": maybe(rng, "Renamed", 0.5),
        "description": rng.choice(
            ("", "A primer.", "d" * 5001, "d" * (2 * 1024 * 1024), text(rng), number(rng))
        ),
        "format": maybe(rng, "1", 0.3),
        "home_realm": maybe(rng, "", 0.3),
        "visibility": maybe(rng, rng.choice(("private", "unlisted", "public")), 0.3),
    }
    for name in rng.sample(sorted(fields), rng.randint(0, 2)):
        del fields[name]  # autosave sends what changed
    path = f"/decks/{_edit_target(world, rng)}/edit/settings/"
    return post_form("deck-edit", path, fields, headers=htmx_headers(rng))


def _deck_new(world: World, rng: random.Random) -> HostileRequest:
    fields = {
        "name": maybe(rng, "New deck", 0.6),
        "format": maybe(rng, "1", 0.4),
        "visibility": maybe(rng, "private", 0.3),
        "description": maybe(rng, "", 0.3),
    }
    return post_form("deck-edit", "/decks/new/", fields)


def _version_label(world: World, rng: random.Random) -> HostileRequest:
    fields = {"number": maybe(rng, "1", 0.7), "label": maybe(rng, "Tuned", 0.6)}
    return post_form("deck-edit", f"/decks/{_edit_target(world, rng)}/history/label/", fields)


def _version_restore(world: World, rng: random.Random) -> HostileRequest:
    fields = {"number": maybe(rng, "1", 0.7)}
    return post_form("deck-edit", f"/decks/{_edit_target(world, rng)}/history/restore/", fields)


def _deck_lifecycle(world: World, rng: random.Random) -> HostileRequest:
    action = rng.choice(("delete", "undelete", "new-link", "copy"))
    deck = world.throwaway_deck if action in ("delete", "undelete") else _edit_target(world, rng)
    client = rng.choice((PLAYER, PLAYER, ANONYMOUS, FORGER))
    return post_form("deck-edit", f"/decks/{deck}/{action}/", {"confirm": "yes"}, client)


# --- History and diffs ----------------------------------------------------------------------


def _version_number(rng: random.Random) -> str:
    return maybe(rng, str(rng.randint(1, 30)), 0.6)


def _history_page(world: World, rng: random.Random) -> HostileRequest:
    params = {"a": _version_number(rng), "b": _version_number(rng)}
    if rng.random() < 0.5:
        params["page"] = maybe(rng, "2", 0.7)
    for name in rng.sample(sorted(params), rng.randint(0, 1)):
        del params[name]
    base = rng.choice((f"/decks/{any_deck(world, rng)}", f"/decks/s/{world.share_token}"))
    return get_request("history", f"{base}/history/", params, rng.choice((PLAYER, ANONYMOUS)))


def _diff_api(world: World, rng: random.Random) -> HostileRequest:
    params = {"a": _version_number(rng), "b": _version_number(rng)}
    return get_request(
        "history",
        f"/api/decks/{any_deck(world, rng)}/diff/",
        params,
        rng.choice((PLAYER, ANONYMOUS)),
    )


def _versions_api(world: World, rng: random.Random) -> HostileRequest:
    params = {"page": maybe(rng, "1", 0.5)} if rng.random() < 0.3 else {}
    return get_request(
        "history",
        f"/api/decks/{any_deck(world, rng)}/versions/",
        params,
        rng.choice((PLAYER, ANONYMOUS)),
    )


# --- Expensive pages: proxy sheets, registration sheets, odds, statistics --------------------

EXPORT_KINDS = ("pdf", "pdf", "sheet", "text", "json", "csv", "code")


def _expensive_deck(world: World, rng: random.Random) -> str:
    """An absurd deck mostly (by number, or by share token), else any deck."""
    if rng.random() < 0.15:
        return f"s/{world.share_token}"
    if rng.random() < 0.7:
        return str(rng.choice(world.absurd_decks))
    return any_deck(world, rng)


def _export_page(world: World, rng: random.Random) -> HostileRequest:
    kind = maybe(rng, rng.choice(EXPORT_KINDS), 0.1)
    path = f"/decks/{_expensive_deck(world, rng)}/export/{quoted(kind)}/"
    return get_request("expensive", path, {}, rng.choice((PLAYER, ANONYMOUS)))


def _export_api(world: World, rng: random.Random) -> HostileRequest:
    params = {"kind": maybe(rng, rng.choice(EXPORT_KINDS), 0.15)}
    deck = rng.choice(world.absurd_decks) if rng.random() < 0.7 else any_deck(world, rng)
    return get_request(
        "expensive", f"/api/decks/{deck}/export/", params, rng.choice((PLAYER, ANONYMOUS))
    )


def _odds(world: World, rng: random.Random) -> HostileRequest:
    params = {
        "turn": maybe(rng, str(rng.randint(1, 30)), 0.5),
        "played": maybe(rng, str(rng.randint(0, 7)), 0.5),
    }
    path = f"/decks/{_expensive_deck(world, rng)}/odds/"
    return get_request("expensive", path, params, rng.choice((PLAYER, ANONYMOUS)))


def _deck_page(world: World, rng: random.Random) -> HostileRequest:
    page = rng.choice(("", "sample-hand/", "edit/"))
    params = {"turn": number(rng)} if rng.random() < 0.3 else {}
    path = f"/decks/{_expensive_deck(world, rng)}/{page}"
    return get_request("expensive", path, params, rng.choice((PLAYER, ANONYMOUS)))


IMPORTERS = (
    _import_page_paste,
    _import_page_upload,
    _import_api_json,
    _import_api_upload,
    _validate_api,
)
DECK_EDITS = (
    _builder_change,
    _builder_change,
    _builder_settings,
    _deck_new,
    _version_label,
    _version_restore,
    _deck_lifecycle,
)
HISTORY = (_history_page, _diff_api, _versions_api)
EXPENSIVE = (_export_page, _export_api, _odds, _deck_page)
