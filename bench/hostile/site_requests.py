"""The site-wide families of the hostile campaign: the card search, every operation of the
API schema, logging in (and signing up, resetting a password), odd headers, and every page
route with hostile values in its path and query."""

from __future__ import annotations

import base64
import random
import re
from collections.abc import Mapping

from bench.hostile.basics import (
    ANONYMOUS,
    CURATOR,
    FORGER,
    FORM,
    HOSTILE_IDS,
    JSON,
    PLAYER,
    ApiOperation,
    HostileRequest,
    World,
    any_deck,
    form_body,
    get_request,
    htmx_headers,
    maybe,
    post_form,
)
from bench.hostile.values import (
    NUMBERS,
    TEXTS,
    encoded,
    json_body,
    number,
    one_of,
    quoted,
    search_query,
    text,
)

# --- Search ---------------------------------------------------------------------------------


def _query(world: World, rng: random.Random) -> str:
    values = (*world.realm_slugs, *world.card_names, "avatar", "spirit", "flying", "3")
    return search_query(world.search_fields, values, rng)


def _search_catalogue(world: World, rng: random.Random) -> HostileRequest:
    params = {"q": _query(world, rng)}
    if rng.random() < 0.3:
        params[rng.choice(("page", "sort", "kind", "realm", "view"))] = maybe(rng, "2", 0.7)
    return get_request("search", "/", params, rng.choice((PLAYER, ANONYMOUS)))


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
    return get_request("search", "/api/cards/", params, rng.choice((PLAYER, ANONYMOUS, ANONYMOUS)))


def _search_suggest(world: World, rng: random.Random) -> HostileRequest:
    return get_request("search", "/search/suggest/", {"q": _query(world, rng)}, ANONYMOUS)


def _search_builder(world: World, rng: random.Random) -> HostileRequest:
    path = f"/decks/{rng.choice((world.own_deck, *world.absurd_decks))}/edit/search/"
    return get_request("search", path, {"q": _query(world, rng)}, PLAYER)


def _search_decks(world: World, rng: random.Random) -> HostileRequest:
    params = {
        "q": maybe(rng, "Ember"),
        "card": maybe(rng, rng.choice(world.card_names)),
        "realm": maybe(rng, rng.choice(world.realm_slugs)),
        "format": maybe(rng, world.format_slugs[0]),
        "page": maybe(rng, "1"),
    }
    return get_request("search", "/decks/", params, rng.choice((PLAYER, ANONYMOUS)))


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
        return any_deck(world, rng)

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
            name: maybe(rng, "1", 0.8)
            for name in rng.sample(
                ("page", "page_size", "format", "kind", "a", "b"), rng.randint(0, 2)
            )
        }
        return get_request("api-json", path, params, client)
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
        body, content_type = form_body(fields), FORM
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


# --- Logging in, signing up, resetting a password -------------------------------------------


def _username(world: World, rng: random.Random) -> str:
    return maybe(rng, rng.choice(world.usernames), 0.5)


def _login(world: World, rng: random.Random) -> HostileRequest:
    path = rng.choice(("/accounts/login/", "/accounts/login/", "/admin/login/"))
    fields = {"username": _username(world, rng), "password": maybe(rng, "wrong-password", 0.5)}
    if rng.random() < 0.3:
        fields["next"] = maybe(rng, "/decks/", 0.7)
    client = rng.choice((ANONYMOUS, ANONYMOUS, ANONYMOUS, FORGER))
    return post_form("login", path, fields, client)


def _signup(world: World, rng: random.Random) -> HostileRequest:
    password = maybe(rng, "a-long-Passphrase-7", 0.4)
    fields = {
        "username": maybe(rng, f"new{rng.randrange(10**6)}", 0.6),
        "email": maybe(rng, "new@example.test", 0.5),
        "password1": password,
        "password2": maybe(rng, password, 0.3),
    }
    return post_form("login", "/accounts/signup/", fields, ANONYMOUS)


def _email_change(world: World, rng: random.Random) -> HostileRequest:
    """The account page's e-mail form: a player's address or a hostile one, and a wrong
    password or a hostile one (the lockout counts them as the log-in page's)."""
    email = rng.choice(("", f"{rng.choice(world.usernames)}@example.test", "new@example.test"))
    fields = {"email": maybe(rng, email, 0.5), "password": maybe(rng, "wrong-password", 0.5)}
    return post_form("login", "/accounts/", fields, PLAYER)


def _password_reset(world: World, rng: random.Random) -> HostileRequest:
    if rng.random() < 0.5:
        email = maybe(rng, f"{rng.choice(world.usernames)}@example.test", 0.6)
        return post_form("login", "/accounts/password-reset/", {"email": email}, ANONYMOUS)
    path = f"/accounts/reset/{quoted(text(rng)[:50]) or 'MQ'}/{quoted(number(rng)[:60]) or 'x'}/"
    return get_request("login", path, {}, ANONYMOUS)


def _api_basic(world: World, rng: random.Random) -> HostileRequest:
    credentials = f"{_username(world, rng)}:{maybe(rng, 'wrong', 0.5)}"
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
        return post_form("pages", path, fields, client, headers=htmx_headers(rng))
    return get_request("pages", path, fields, client)


SEARCH = (_search_catalogue, _search_api, _search_suggest, _search_builder, _search_decks)
API = (_api_operation,)
LOGIN = (_login, _login, _signup, _email_change, _password_reset, _api_basic)
HEADERS = (_headers,)
PAGES = (_page,)
