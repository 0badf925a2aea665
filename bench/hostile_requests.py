"""The requests of bench/hostile.py: a seeded stream of hostile requests for each endpoint
family, aimed at the decks, cards, users and match of a `World` the bench set up.

`hostile_requests(world, seed=…, counts=…)` yields `HostileRequest`s, family by family;
each family draws from a generator of its own (seeded from the campaign's seed and the
family's name), so changing one family's count leaves the others' requests as they were.
The values themselves come from bench/hostile_values.py.
"""

from __future__ import annotations

import json
import random
import re
import zlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from bench.hostile_values import (
    NUMBERS,
    TEXTS,
    code_payload,
    csv_decklist,
    deck_code_text,
    encoded,
    json_body,
    json_decklist,
    json_value,
    mutated_export,
    number,
    one_of,
    query_string,
    quoted,
    search_query,
    text,
    text_decklist,
)

# Who sends a request: the signed-in player (session cookie and CSRF token), an anonymous
# visitor (a CSRF token of its own, as a browser that loaded a form has), a staff member
# (catalogue writes), or the player's session without its CSRF token.
PLAYER, ANONYMOUS, CURATOR, FORGER = "player", "anonymous", "curator", "forger"

FAMILIES = (
    "importers",
    "search",
    "api-json",
    "deck-edit",
    "history",
    "expensive",
    "login",
    "headers",
    "pages",
)


@dataclass(frozen=True)
class HostileRequest:
    family: str
    method: str
    path: str  # percent-encoded, query string included
    body: bytes = b""
    content_type: str = ""
    headers: tuple[tuple[str, str], ...] = ()
    client: str = PLAYER

    def describe(self, width: int = 110) -> str:
        """One line saying what was sent, cut to `width`."""
        body = f" [{self.content_type or 'no type'}, {len(self.body)} B]" if self.body else ""
        headers = "".join(f" {name}: {value[:30]!r}" for name, value in self.headers)
        line = f"{self.method} {self.path}{body}{headers} as {self.client}"
        return line if len(line) <= width else line[: width - 1] + "…"


@dataclass(frozen=True)
class ApiOperation:
    """One operation of the API schema: its method, path template and body fields."""

    method: str
    path: str  # e.g. "/api/decks/{id}/diff/"
    fields: tuple[str, ...] = ()


@dataclass(frozen=True)
class World:
    """What the requests aim at: ids, slugs and names the bench made or loaded."""

    own_deck: int  # the player's deck, edited along the way
    throwaway_deck: int  # the player's deck that delete requests aim at
    absurd_decks: tuple[int, ...]  # the player's decks at the size limits
    public_deck: int  # another player's public deck
    private_deck: int  # another player's private deck: 404 for everyone else
    share_token: str  # of one of the player's unlisted decks
    match: int  # a hot-seat match of the player's
    usernames: tuple[str, ...]
    card_slugs: tuple[str, ...]
    card_names: tuple[str, ...]
    realm_slugs: tuple[str, ...]
    format_slugs: tuple[str, ...]
    target_card: str  # the card the curator's writes aim at
    target_realm: str
    search_fields: tuple[str, ...]  # every spelling the search syntax takes
    exports: Mapping[str, str]  # the own deck in each import kind, as exported
    operations: tuple[ApiOperation, ...]  # every operation of /api/schema/
    page_routes: tuple[str, ...]  # every page's route, e.g. "/decks/<int:pk>/odds/"
    valid_bodies: Mapping[str, Mapping] = field(default_factory=dict)  # "POST /api/decks/"

    @property
    def decks(self) -> tuple[int, ...]:
        return (self.own_deck, self.public_deck, self.private_deck, *self.absurd_decks)


def hostile_requests(
    world: World, *, seed: int, counts: Mapping[str, int]
) -> Iterator[HostileRequest]:
    """`counts[family]` requests for each family, in the order of FAMILIES."""
    for family in FAMILIES:
        rng = random.Random(f"{seed}:{family}")
        makers = MAKERS[family]
        for index in range(counts.get(family, 0)):
            # Round the family's kinds of request, so that every kind is sent.
            yield makers[index % len(makers)](world, rng)


# --- Shared pieces --------------------------------------------------------------------------

FORM = "application/x-www-form-urlencoded"
JSON = "application/json"
HOSTILE_IDS = ("0", "-1", "9223372036854775808", "99999999999999999999", "9" * 5000, "1.5")


def _form(fields: Mapping[str, str]) -> bytes:
    return query_string(dict(fields)).encode()


def _multipart(
    fields: Mapping[str, str], files: Mapping[str, tuple[str, bytes]], rng: random.Random
) -> tuple[bytes, str]:
    """A multipart body and its content type; `files` maps a field to (filename, bytes)."""
    boundary = f"{rng.getrandbits(128):032x}"
    parts = [
        b'--%s\r\nContent-Disposition: form-data; name="%s"\r\n\r\n%s\r\n'
        % (boundary.encode(), encoded(name), encoded(value))
        for name, value in fields.items()
    ]
    parts += [
        b'--%s\r\nContent-Disposition: form-data; name="%s"; filename="%s"\r\n'
        b"Content-Type: text/plain\r\n\r\n%s\r\n"
        % (boundary.encode(), encoded(name), encoded(filename), content)
        for name, (filename, content) in files.items()
    ]
    body = b"".join(parts) + b"--%s--\r\n" % boundary.encode()
    return body, f"multipart/form-data; boundary={boundary}"


def _deck(world: World, rng: random.Random) -> str:
    """A deck's number: the player's, another's, a hostile one now and then."""
    if rng.random() < 0.15:
        return rng.choice(HOSTILE_IDS)
    return str(rng.choice(world.decks))


def _maybe(rng: random.Random, value: str, share: float = 0.5) -> str:
    """`value`, or (with probability `share`) a hostile text or number instead."""
    return one_of(rng, NUMBERS, TEXTS) if rng.random() < share else value


def _get(family: str, path: str, params: Mapping[str, str], client: str) -> HostileRequest:
    query = query_string(dict(params))
    return HostileRequest(family, "GET", f"{path}?{query}" if query else path, client=client)


def _post_form(
    family: str, path: str, fields: Mapping[str, str], client: str = PLAYER, **options
) -> HostileRequest:
    return HostileRequest(family, "POST", path, _form(fields), FORM, client=client, **options)


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
        "format": _maybe(rng, "1", 0.3),
        "home_realm": _maybe(rng, "", 0.3),
        "name": _maybe(rng, "Imported", 0.4),
    }
    if rng.random() < 0.5:
        fields["keep_valid_lines"] = "on"
    return _post_form("importers", "/decks/import/", fields)


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
    filename = _maybe(rng, f"deck.{kind}", 0.4)
    fields = {"kind": _declared_kind(kind, rng), "format": _maybe(rng, "1", 0.3), "text": ""}
    body, content_type = _multipart(fields, {"upload": (filename, content)}, rng)
    return HostileRequest("importers", "POST", "/decks/import/", body, content_type)


def _import_api_json(world: World, rng: random.Random) -> HostileRequest:
    kind, decklist = _decklist(world, rng)
    document = {
        "text": decklist,
        "kind": _declared_kind(kind, rng),
        "format": _maybe(rng, world.format_slugs[0], 0.3),
        "name": _maybe(rng, "Imported", 0.3),
        "keep_valid_lines": rng.random() < 0.5,
    }
    return HostileRequest(
        "importers", "POST", "/api/decks/import/", encoded(json.dumps(document)), JSON
    )


def _import_api_upload(world: World, rng: random.Random) -> HostileRequest:
    kind, content = _upload_content(world, rng)
    fields = {"kind": _declared_kind(kind, rng), "format": _maybe(rng, world.format_slugs[0], 0.3)}
    body, content_type = _multipart(fields, {"file": (_maybe(rng, "deck.txt", 0.3), content)}, rng)
    return HostileRequest("importers", "POST", "/api/decks/import/", body, content_type)


def _validate_api(world: World, rng: random.Random) -> HostileRequest:
    kind, decklist = _decklist(world, rng)
    document: dict[str, object] = {"format": _maybe(rng, world.format_slugs[0], 0.2)}
    if rng.random() < 0.5:
        document |= {"text": decklist, "kind": _declared_kind(kind, rng)}
    else:
        document["entries"] = [
            {
                "card": _maybe(rng, rng.choice(world.card_slugs), 0.05),
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


# --- Search ---------------------------------------------------------------------------------


def _query(world: World, rng: random.Random) -> str:
    values = (*world.realm_slugs, *world.card_names, "avatar", "spirit", "flying", "3")
    return search_query(world.search_fields, values, rng)


def _search_catalogue(world: World, rng: random.Random) -> HostileRequest:
    params = {"q": _query(world, rng)}
    if rng.random() < 0.3:
        params[rng.choice(("page", "sort", "kind", "realm", "view"))] = _maybe(rng, "2", 0.7)
    return _get("search", "/", params, rng.choice((PLAYER, ANONYMOUS)))


def _search_api(world: World, rng: random.Random) -> HostileRequest:
    params = {"q": _query(world, rng)} if rng.random() < 0.7 else {}
    for name in rng.sample(
        (
            "cost_min",
            "cost_max",
            "melee_min",
            "defense_max",
            "kind",
            "realm",
            "rarity",
            "sort",
            "spirit",
            "keyword",
            "page",
            "page_size",
            "format",
            "ordering",
        ),
        rng.randint(0, 3),
    ):
        params[name] = one_of(rng, NUMBERS, TEXTS, ("cost", "-name", "avatar", "api", "json"))
    return _get("search", "/api/cards/", params, rng.choice((PLAYER, ANONYMOUS, ANONYMOUS)))


def _search_suggest(world: World, rng: random.Random) -> HostileRequest:
    return _get("search", "/search/suggest/", {"q": _query(world, rng)}, ANONYMOUS)


def _search_builder(world: World, rng: random.Random) -> HostileRequest:
    path = f"/decks/{rng.choice((world.own_deck, *world.absurd_decks))}/edit/search/"
    return _get("search", path, {"q": _query(world, rng)}, PLAYER)


def _search_decks(world: World, rng: random.Random) -> HostileRequest:
    params = {
        "q": _maybe(rng, "Ember"),
        "card": _maybe(rng, rng.choice(world.card_names)),
        "realm": _maybe(rng, rng.choice(world.realm_slugs)),
        "format": _maybe(rng, world.format_slugs[0]),
        "page": _maybe(rng, "1"),
    }
    return _get("search", "/decks/", params, rng.choice((PLAYER, ANONYMOUS)))


# --- Every operation of the API schema ------------------------------------------------------


def _filled(operation: ApiOperation, world: World, rng: random.Random) -> str:
    """The operation's path with each {parameter} given a plausible or hostile value; a
    deck deleted is the throwaway one, so the others stay for the rest of the campaign."""
    template = operation.path

    def value(match: re.Match) -> str:
        name = match.group(1)
        if rng.random() < 0.15:
            return quoted(one_of(rng, HOSTILE_IDS, TEXTS)[:300])
        if name == "token":
            return world.share_token
        if name == "slug":
            if template.startswith("/api/realms/"):
                return world.target_realm
            if template.startswith("/api/formats/"):
                return rng.choice(world.format_slugs)
            return world.target_card
        if template.startswith("/api/matches/"):
            return str(world.match)
        if operation.method == "DELETE":
            return str(world.throwaway_deck)
        return _deck(world, rng)

    return re.sub(r"\{(\w+)\}", value, template)


def _api_operation(world: World, rng: random.Random) -> HostileRequest:
    operation = rng.choice(world.operations)
    path = _filled(operation, world, rng)
    catalogue = operation.path.startswith(("/api/cards/", "/api/realms/"))
    writes = operation.method not in ("GET", "HEAD", "OPTIONS")
    client = rng.choice(
        (CURATOR, CURATOR, ANONYMOUS)
        if catalogue and writes
        else (PLAYER, PLAYER, PLAYER, ANONYMOUS)
    )
    if not writes or (operation.method == "DELETE" and catalogue):
        # Reads with hostile paging and format overrides; the catalogue is never deleted.
        params = {
            name: _maybe(rng, "1", 0.8)
            for name in rng.sample(
                ("page", "page_size", "format", "kind", "a", "b"), rng.randint(0, 2)
            )
        }
        return _get("api-json", path, params, client)
    valid = world.valid_bodies.get(f"{operation.method} {operation.path}")
    roll = rng.random()
    if roll < 0.75:
        body, content_type = json_body(operation.fields, rng, dict(valid or {})), JSON
        if rng.random() < 0.1:
            content_type = rng.choice(
                (
                    "application/json; charset=utf-16",
                    "application/json; charset=bogus",
                    "application/vnd.api+json",
                    "text/plain",
                    "application/json; charset=latin-1",
                )
            )
    elif roll < 0.9:
        fields = {name: one_of(rng, NUMBERS, TEXTS) for name in operation.fields or ("x",)}
        body, content_type = _form(fields), FORM
    else:
        body, content_type = rng.choice(
            (
                (
                    b'--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1',
                    "multipart/form-data",
                ),
                (b"--x\r\nbroken", "multipart/form-data; boundary=x"),
                (b"a=1&b=%ZZ&c=%00", FORM),
                (b"\x00" * 64, JSON),
                (b"\xff\xfe{\x00}\x00", JSON),
            )
        )
    headers = (("If-Match", rng.choice(HEADER_VALUES["If-Match"])),) if rng.random() < 0.2 else ()
    return HostileRequest(
        "api-json", operation.method, path, body, content_type, headers, client=client
    )


# --- Deck edits: the builder's +1 and set controls, autosave, naming and restoring ------------


def _edit_target(world: World, rng: random.Random) -> int:
    return rng.choice((world.own_deck, world.own_deck, world.public_deck, *world.absurd_decks))


def _htmx(rng: random.Random) -> tuple[tuple[str, str], ...]:
    return (("HX-Request", "true"),) if rng.random() < 0.6 else ()


def _builder_change(world: World, rng: random.Random) -> HostileRequest:
    fields = {
        "card": _maybe(rng, rng.choice(world.card_slugs), 0.25),
        "board": _maybe(rng, rng.choice(("main", "side")), 0.2),
        "action": _maybe(rng, rng.choice(("add", "add", "remove", "set", "move")), 0.15),
        "count": _maybe(rng, str(rng.randint(0, 99)), 0.5),
    }
    path = f"/decks/{_edit_target(world, rng)}/edit/change/"
    return _post_form("deck-edit", path, fields, headers=_htmx(rng))


def _builder_settings(world: World, rng: random.Random) -> HostileRequest:
    fields = {
        "revision": _maybe(rng, str(rng.randint(1, 40)), 0.4),
        "name": _maybe(rng, "Renamed", 0.5),
        "description": rng.choice(
            ("", "A primer.", "d" * 5001, "d" * (2 * 1024 * 1024), text(rng), number(rng))
        ),
        "format": _maybe(rng, "1", 0.3),
        "home_realm": _maybe(rng, "", 0.3),
        "visibility": _maybe(rng, rng.choice(("private", "unlisted", "public")), 0.3),
    }
    for name in rng.sample(sorted(fields), rng.randint(0, 2)):
        del fields[name]  # autosave sends what changed
    path = f"/decks/{_edit_target(world, rng)}/edit/settings/"
    return _post_form("deck-edit", path, fields, headers=_htmx(rng))


def _deck_new(world: World, rng: random.Random) -> HostileRequest:
    fields = {
        "name": _maybe(rng, "New deck", 0.6),
        "format": _maybe(rng, "1", 0.4),
        "visibility": _maybe(rng, "private", 0.3),
        "description": _maybe(rng, "", 0.3),
    }
    return _post_form("deck-edit", "/decks/new/", fields)


def _version_label(world: World, rng: random.Random) -> HostileRequest:
    fields = {"number": _maybe(rng, "1", 0.7), "label": _maybe(rng, "Tuned", 0.6)}
    return _post_form("deck-edit", f"/decks/{_edit_target(world, rng)}/history/label/", fields)


def _version_restore(world: World, rng: random.Random) -> HostileRequest:
    fields = {"number": _maybe(rng, "1", 0.7)}
    return _post_form("deck-edit", f"/decks/{_edit_target(world, rng)}/history/restore/", fields)


def _deck_lifecycle(world: World, rng: random.Random) -> HostileRequest:
    action = rng.choice(("delete", "undelete", "new-link", "copy"))
    deck = world.throwaway_deck if action in ("delete", "undelete") else _edit_target(world, rng)
    client = rng.choice((PLAYER, PLAYER, ANONYMOUS, FORGER))
    return _post_form("deck-edit", f"/decks/{deck}/{action}/", {"confirm": "yes"}, client)


# --- History and diffs ----------------------------------------------------------------------


def _version_number(rng: random.Random) -> str:
    return _maybe(rng, str(rng.randint(1, 30)), 0.6)


def _history_page(world: World, rng: random.Random) -> HostileRequest:
    params = {"a": _version_number(rng), "b": _version_number(rng)}
    if rng.random() < 0.5:
        params["page"] = _maybe(rng, "2", 0.7)
    for name in rng.sample(sorted(params), rng.randint(0, 1)):
        del params[name]
    base = rng.choice((f"/decks/{_deck(world, rng)}", f"/decks/s/{world.share_token}"))
    return _get("history", f"{base}/history/", params, rng.choice((PLAYER, ANONYMOUS)))


def _diff_api(world: World, rng: random.Random) -> HostileRequest:
    params = {"a": _version_number(rng), "b": _version_number(rng)}
    return _get(
        "history", f"/api/decks/{_deck(world, rng)}/diff/", params, rng.choice((PLAYER, ANONYMOUS))
    )


def _versions_api(world: World, rng: random.Random) -> HostileRequest:
    params = {"page": _maybe(rng, "1", 0.5)} if rng.random() < 0.3 else {}
    return _get(
        "history",
        f"/api/decks/{_deck(world, rng)}/versions/",
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
    return _deck(world, rng)


def _export_page(world: World, rng: random.Random) -> HostileRequest:
    kind = _maybe(rng, rng.choice(EXPORT_KINDS), 0.1)
    path = f"/decks/{_expensive_deck(world, rng)}/export/{quoted(kind)}/"
    return _get("expensive", path, {}, rng.choice((PLAYER, ANONYMOUS)))


def _export_api(world: World, rng: random.Random) -> HostileRequest:
    params = {"kind": _maybe(rng, rng.choice(EXPORT_KINDS), 0.15)}
    deck = rng.choice(world.absurd_decks) if rng.random() < 0.7 else _deck(world, rng)
    return _get("expensive", f"/api/decks/{deck}/export/", params, rng.choice((PLAYER, ANONYMOUS)))


def _odds(world: World, rng: random.Random) -> HostileRequest:
    params = {
        "turn": _maybe(rng, str(rng.randint(1, 30)), 0.5),
        "played": _maybe(rng, str(rng.randint(0, 7)), 0.5),
    }
    path = f"/decks/{_expensive_deck(world, rng)}/odds/"
    return _get("expensive", path, params, rng.choice((PLAYER, ANONYMOUS)))


def _deck_page(world: World, rng: random.Random) -> HostileRequest:
    page = rng.choice(("", "sample-hand/", "edit/"))
    params = {"turn": number(rng)} if rng.random() < 0.3 else {}
    path = f"/decks/{_expensive_deck(world, rng)}/{page}"
    return _get("expensive", path, params, rng.choice((PLAYER, ANONYMOUS)))


# --- Logging in, signing up, resetting a password -------------------------------------------


def _username(world: World, rng: random.Random) -> str:
    return _maybe(rng, rng.choice(world.usernames), 0.5)


def _login(world: World, rng: random.Random) -> HostileRequest:
    path = rng.choice(("/accounts/login/", "/accounts/login/", "/admin/login/"))
    fields = {"username": _username(world, rng), "password": _maybe(rng, "wrong-password", 0.5)}
    if rng.random() < 0.3:
        fields["next"] = _maybe(rng, "/decks/", 0.7)
    client = rng.choice((ANONYMOUS, ANONYMOUS, ANONYMOUS, FORGER))
    return _post_form("login", path, fields, client)


def _signup(world: World, rng: random.Random) -> HostileRequest:
    password = _maybe(rng, "a-long-Passphrase-7", 0.4)
    fields = {
        "username": _maybe(rng, f"new{rng.randrange(10**6)}", 0.6),
        "email": _maybe(rng, "new@example.test", 0.5),
        "password1": password,
        "password2": _maybe(rng, password, 0.3),
    }
    return _post_form("login", "/accounts/signup/", fields, ANONYMOUS)


def _password_reset(world: World, rng: random.Random) -> HostileRequest:
    if rng.random() < 0.5:
        email = _maybe(rng, f"{rng.choice(world.usernames)}@example.test", 0.6)
        return _post_form("login", "/accounts/password-reset/", {"email": email}, ANONYMOUS)
    path = f"/accounts/reset/{quoted(text(rng)[:50]) or 'MQ'}/{quoted(number(rng)[:60]) or 'x'}/"
    return _get("login", path, {}, ANONYMOUS)


def _api_basic(world: World, rng: random.Random) -> HostileRequest:
    import base64

    credentials = f"{_username(world, rng)}:{_maybe(rng, 'wrong', 0.5)}"
    value = "Basic " + base64.b64encode(encoded(credentials)).decode()
    path = rng.choice(("/api/decks/", f"/api/decks/{world.own_deck}/", "/api/matches/"))
    return HostileRequest(
        "login", "GET", path, headers=(("Authorization", value),), client=ANONYMOUS
    )


# --- Headers --------------------------------------------------------------------------------

HEADER_VALUES: Mapping[str, tuple[str, ...]] = {
    "X-Forwarded-For": (
        "1.2.3.4",
        "999.999.1.1",
        "::1",
        "garbage",
        "1.2.3.4, " * 2000,
        "",
        "\x00",
        "[::1]:80",
        "unknown",
    ),
    "X-Forwarded-Proto": ("https", "HTTPS", "gopher", ""),
    "X-Forwarded-Host": ("evil.example", "127.0.0.1:99999", ""),
    "Host": ("evil.example", "127.0.0.1:99999", "", "[::1", "127.0.0.1\x00", "a" * 5000),
    "If-Match": (
        '"1-1"',
        "*",
        'W/"1-1"',
        '"9223372036854775808-9223372036854775808"',
        "garbage",
        '"' + "9" * 5000 + '"',
        ", " * 3000,
        '""',
    ),
    "If-None-Match": ("*", '"x"', "W/", ", " * 3000, '"' + "a" * 10_000 + '"'),
    "If-Modified-Since": (
        "Sat, 29 Feb 2100 00:00:00 GMT",
        "Mon, 01 Jan 99999 00:00:00 GMT",
        "garbage",
        "-1",
        "Thu, 01 Jan 1970 00:00:00 GMT",
    ),
    "If-Unmodified-Since": ("Mon, 01 Jan 99999 00:00:00 GMT", "0"),
    "Range": ("bytes=0-", "bytes=-1", "bytes=99999999999999999999-", "bytes=" + "0-1," * 2000),
    "Accept": (
        "application/xml",
        "*/*;q=2",
        "text/html;q=NaN",
        "application/json; version=9" * 50,
        "",
        "application/pdf",
    ),
    "Accept-Language": ("zz", "en-" * 2000, "*;q=abc", "de-DE-x-" + "a" * 5000, "ar"),
    "Accept-Encoding": ("gzip;q=2, br, zstd", "identity;q=0", "x" * 8000),
    "Cookie": (
        "sessionid=" + "a" * 4000,
        "csrftoken=short",
        "messages=junk:" + "x" * 200,
        "a=b; " * 1000,
        "sessionid=\x00",
    ),
    "Authorization": ("Basic !!!", "Basic", "Bearer x", "Basic " + "A" * 8000, "Digest a=b"),
    "Content-Type": (
        "application/json; charset=bogus",
        "multipart/form-data",
        "multipart/form-data; boundary=" + "a" * 1000,
        "application/x-www-form-urlencoded; charset=utf-16",
    ),
    "HX-Request": ("true", "false", "1"),
    "HX-Current-URL": ("javascript:alert(1)", "x" * 5000),
    "Referer": ("https://evil.example/", "not a url", "\x00"),
    "Origin": ("https://evil.example", "null"),
    "User-Agent": ("x" * 8000, "\x00"),
    "X-HTTP-Method-Override": ("DELETE", "PATCH"),
    "X-CSRFToken": ("short", "a" * 64, "!" * 32, ""),
}


def _header_target(world: World, rng: random.Random) -> tuple[str, str, bytes, str]:
    own, throwaway = world.own_deck, world.throwaway_deck
    return rng.choice(
        (
            ("GET", "/", b"", ""),
            ("GET", "/api/cards/", b"", ""),
            ("GET", f"/api/cards/{world.card_slugs[0]}/", b"", ""),
            ("GET", f"/api/decks/{own}/", b"", ""),
            ("GET", f"/decks/{own}/", b"", ""),
            ("GET", f"/decks/{world.absurd_decks[0]}/export/sheet/", b"", ""),
            ("GET", f"/games/{world.match}/live/", b"", ""),
            ("PATCH", f"/api/decks/{own}/", b'{"description": "patched"}', JSON),
            ("PUT", f"/api/decks/{own}/", b'{"name": "Put", "format": "shen-standard"}', JSON),
            ("DELETE", f"/api/decks/{throwaway}/", b"", ""),
            ("POST", f"/decks/{own}/edit/settings/", b"revision=1&name=Header", FORM),
            ("POST", "/accounts/login/", b"username=player&password=wrong", FORM),
            ("POST", "/admin/login/", b"username=other&password=wrong", FORM),
        )
    )


def _headers(world: World, rng: random.Random) -> HostileRequest:
    method, path, body, content_type = _header_target(world, rng)
    names = rng.sample(sorted(HEADER_VALUES), rng.randint(1, 3))
    headers = tuple((name, rng.choice(HEADER_VALUES[name])) for name in names)
    client = rng.choice((PLAYER, PLAYER, ANONYMOUS))
    return HostileRequest("headers", method, path, body, content_type, headers, client=client)


# --- Every page route -----------------------------------------------------------------------

PAGE_PARAMETERS = (
    "page",
    "q",
    "a",
    "b",
    "turn",
    "played",
    "kind",
    "seat",
    "waiting",
    "next",
    "format",
    "realm",
    "card",
    "sort",
    "number",
    "index",
)


def _route_value(converter: str, world: World, rng: random.Random) -> str:
    if converter == "int":
        if rng.random() < 0.4:
            return rng.choice(("0", "9223372036854775808", "99999999999999999999", "9" * 5000))
        return str(rng.choice((*world.decks, world.match, 1)))
    if converter == "slug":
        return rng.choice((*world.card_slugs[:5], "a" * 5000, "-", "_", "0"))
    if converter == "share_token":
        return rng.choice((world.share_token, "A" * 16, "A" * 32, "-" * 20))
    return quoted(one_of(rng, TEXTS, NUMBERS, world.format_slugs)[:200]) or "x"


def _page(world: World, rng: random.Random) -> HostileRequest:
    route = rng.choice(world.page_routes)
    path = re.sub(
        r"<(?:(\w+):)?\w+>", lambda found: _route_value(found.group(1) or "str", world, rng), route
    )
    client = rng.choice((PLAYER, PLAYER, ANONYMOUS))
    fields = {
        name: one_of(rng, NUMBERS, TEXTS) for name in rng.sample(PAGE_PARAMETERS, rng.randint(0, 3))
    }
    if rng.random() < 0.3:
        return _post_form("pages", path, fields, client, headers=_htmx(rng))
    return _get("pages", path, fields, client)


MAKERS: Mapping[str, Sequence[Callable[[World, random.Random], HostileRequest]]] = {
    "importers": (
        _import_page_paste,
        _import_page_upload,
        _import_api_json,
        _import_api_upload,
        _validate_api,
    ),
    "search": (_search_catalogue, _search_api, _search_suggest, _search_builder, _search_decks),
    "api-json": (_api_operation,),
    "deck-edit": (
        _builder_change,
        _builder_change,
        _builder_settings,
        _deck_new,
        _version_label,
        _version_restore,
        _deck_lifecycle,
    ),
    "history": (_history_page, _diff_api, _versions_api),
    "expensive": (_export_page, _export_api, _odds, _deck_page),
    "login": (_login, _login, _signup, _password_reset, _api_basic),
    "headers": (_headers,),
    "pages": (_page,),
}
