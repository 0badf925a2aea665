"""What a hostile request of the campaign is, what it aims at (the `World` the bench
set up), and the small builders every family of requests uses."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from bench.hostile.values import NUMBERS, TEXTS, encoded, one_of, query_string

# Who sends a request: the signed-in player (session cookie and CSRF token), an anonymous
# visitor (a CSRF token of its own, as a browser that loaded a form has), a staff member
# (catalogue writes), or the player's session without its CSRF token.
PLAYER, ANONYMOUS, CURATOR, FORGER = "player", "anonymous", "curator", "forger"


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
class PlayWorld:
    """What the play families aim at (bench/hostile/play_world.py makes them)."""

    hotseats: tuple[int, ...]  # the player's hot-seat matches, at several depths
    numbers: tuple[int, ...]  # each one's state number
    legal_actions: tuple[tuple[str, ...], ...]  # a few of each one's legal actions (JSON)
    bot_match: int  # the player's match against a bot, the bot to move
    finished: int  # the player's resigned match between public decks, with actions
    finished_number: int  # its last state number
    others_match: int  # another player's match in play: 404 for the player
    others_finished: int  # another player's finished match between public decks
    invite_token: str  # another player's friend invitation
    replay_file: str  # the finished match's replay file (JSON text)
    played_job: int  # the player's simulation job, played
    queued_job: int  # the player's job of full-length games, never played
    others_job: int  # another player's job, played
    job_games: int  # how many games the queued job has
    new_matches: tuple[int, ...]  # ids the campaign's own new matches may take
    new_jobs: tuple[int, ...]  # ids its own new jobs may take

    @property
    def matches(self) -> tuple[int, ...]:
        """Every match made for the campaign, the player's and others'."""
        mine = (*self.hotseats, self.bot_match, self.finished)
        return (*mine, self.others_match, self.others_finished)

    @property
    def jobs(self) -> tuple[int, ...]:
        return (self.played_job, self.queued_job, self.others_job)


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
    play: PlayWorld  # the matches and simulation jobs
    valid_bodies: Mapping[str, Mapping] = field(default_factory=dict)  # "POST /api/decks/"

    @property
    def decks(self) -> tuple[int, ...]:
        return (self.own_deck, self.public_deck, self.private_deck, *self.absurd_decks)


# --- Builders -----------------------------------------------------------------------------

FORM = "application/x-www-form-urlencoded"
JSON = "application/json"
HOSTILE_IDS = ("0", "-1", "9223372036854775808", "99999999999999999999", "9" * 5000, "1.5")


def form_body(fields: Mapping[str, str]) -> bytes:
    return query_string(dict(fields)).encode()


def multipart_body(
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


def any_deck(world: World, rng: random.Random) -> str:
    """A deck's number: the player's, another's, a hostile one now and then."""
    if rng.random() < 0.15:
        return rng.choice(HOSTILE_IDS)
    return str(rng.choice(world.decks))


def maybe(rng: random.Random, value: str, share: float = 0.5) -> str:
    """`value`, or (with probability `share`) a hostile text or number instead."""
    return one_of(rng, NUMBERS, TEXTS) if rng.random() < share else value


def get_request(family: str, path: str, params: Mapping[str, str], client: str) -> HostileRequest:
    query = query_string(dict(params))
    return HostileRequest(family, "GET", f"{path}?{query}" if query else path, client=client)


def post_form(
    family: str, path: str, fields: Mapping[str, str], client: str = PLAYER, **options
) -> HostileRequest:
    return HostileRequest(family, "POST", path, form_body(fields), FORM, client=client, **options)


def htmx_headers(rng: random.Random) -> tuple[tuple[str, str], ...]:
    """Sent by htmx, now and then: the page answers with a fragment."""
    return (("HX-Request", "true"),) if rng.random() < 0.6 else ()
