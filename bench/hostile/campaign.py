"""A hostile-input campaign against the real site: how many requests, how many 5xx (target 0).

Serves the site in production mode (DEBUG off, collected static files, the file cache)
in-process, on a fresh SQLite database, or on a fresh database on the PostgreSQL server
of ``DATABASE_URL`` when it is set (dropped afterwards). It loads the sample catalogue
plus 400 generated cards, makes a player (signed in, with a CSRF token), another player,
a staff member and an anonymous visitor, the player's decks (one with a dozen versions,
decks at the size limits: 300 distinct cards, 99-copy slots, an empty one, an unlisted
one), another player's public and private decks, and the play world
(bench/hostile/play_world.py: hot-seat matches at several depths, a bot match, finished
matches, another player's match and invitation, a replay file, simulation jobs played,
never played and another's). Then it sends a seeded stream of hostile requests
(bench/hostile/families.py), one at a time, across every endpoint family: the importers,
the card search, every operation of the API schema, deck edits, history and diffs, the
expensive pages, logging in, odd headers, every page route, and the play families:
matches, replays, notes, simulations and watch.

It prints the requests sent per family, their status codes, the 5xx (each with the
exception the server raised) and unanswered requests, and the slowest and largest
answer of each family and how many answers took over 2 s (the target: none), so that
unbounded cost shows. The exit status is 1 when any request got a 5xx or no answer.
Every request goes to the in-process server on 127.0.0.1, and each family's count is
fixed (``--scale`` multiplies them), so the campaign is bounded in count and time.

The throttles are raised for the campaign (said in the output) so that requests reach
the code; the login lockout is as in production, and its 429s are counted. One proxy is
trusted, as behind nginx, so the campaign's X-Forwarded-For headers are read. No mail is
sent (password resets go to Django's dummy backend).

Run: ``.venv/bin/python -m bench.hostile [--seed 1] [--scale 1.0] [--list]``
(``DATABASE_URL=postgres://… `` first for PostgreSQL; ``--list`` prints every request).
"""

from __future__ import annotations

import argparse
import http.client
import os
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from bench.hostile.basics import HostileRequest
from bench.hostile.families import FAMILIES, hostile_requests
from bench.hostile.values import encoded
from bench.hostile.world import Credentials, world_build
from bench.live_site import cache_name, database_name, fresh_database, production_site, serving

# Requests per family at --scale 1: four to six minutes on SQLite or PostgreSQL here
# (shared machine, load average 6-7), a minute or more of it the watch family's games
# played again in the request.
COUNTS = {
    "importers": 600,
    "search": 600,
    "api-json": 800,
    "deck-edit": 500,
    "history": 400,
    "expensive": 250,
    "login": 120,
    "headers": 400,
    "matches": 600,
    "replays": 300,
    "notes": 250,
    "simulations": 300,
    "watch": 120,
    "pages": 500,
}
# Raised so that requests reach the code instead of a 429 (the production defaults:
# anonymous API 600/minute, expensive pages 20/minute).
RAISED_RATE = "1000000/minute"
# The play pages' own rates, raised likewise (production: 120/minute, 60/hour, 30/minute).
RAISED_PLAY_RATES = ("replay", "new_match", "note")
TIMEOUT = 120
# The target for every answer on this machine: an answer slower than this is counted.
SLOW_SECONDS = 2.0
# How many of the answers over it the report lists, slowest first.
SLOW_LISTED = 15


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench.hostile", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--seed", type=int, default=1, help="the campaign's seed")
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies every family's count")
    parser.add_argument(
        "--list", action="store_true", help="print every request with its status and time"
    )
    arguments = parser.parse_args()
    counts = {family: max(1, round(n * arguments.scale)) for family, n in COUNTS.items()}
    os.environ.setdefault("SHEN_ANON_RATE", RAISED_RATE)
    os.environ.setdefault("SHEN_EXPENSIVE_RATE", RAISED_RATE)
    for scope in RAISED_PLAY_RATES:
        os.environ.setdefault(f"SHEN_{scope.upper()}_RATE", RAISED_RATE)
    # As behind nginx; with no proxy in front, the campaign's own X-Forwarded-For
    # headers are what the throttles and the lockout read (a proxy count set too high).
    os.environ.setdefault("SHEN_TRUSTED_PROXIES", "1")
    with production_site() as directory:
        sys.exit(campaign(directory, seed=arguments.seed, counts=counts, listing=arguments.list))


def campaign(directory: str, *, seed: int, counts: Mapping[str, int], listing: bool = False) -> int:
    """Set up, send every request, print the figures; 1 when any 5xx or no answer."""
    import logging

    from django.conf import settings
    from django.core.management import call_command
    from django.core.signals import got_request_exception

    # Password-reset mail would be printed among the figures: none is sent.
    settings.EMAIL_BACKEND = "django.core.mail.backends.dummy.EmailBackend"
    started = time.perf_counter()
    call_command("collectstatic", interactive=False, verbosity=0)
    with fresh_database(directory):
        world, clients = world_build()
        ready = time.perf_counter() - started
        log = ServerLog()
        got_request_exception.connect(log.note)
        # The server's own log lines (a warning per 4xx) would bury the figures; every
        # exception behind a 5xx is listed at the end instead.
        logging.disable(logging.CRITICAL)
        started = time.perf_counter()
        with serving(wrap=log.wrap) as base:
            requests = hostile_requests(world, seed=seed, counts=counts)
            figures = send_all(base, requests, clients, log, listing=listing)
        spent = time.perf_counter() - started
        logging.disable(logging.NOTSET)
    report(figures, seed=seed, ready=ready, spent=spent)
    return 1 if any(f.failures for f in figures.values()) else 0


# --- Sending --------------------------------------------------------------------------------


class ServerLog:
    """What the server saw: the status of each answer it began (even one the client could
    not read), and the exception behind each 500, in order."""

    def __init__(self) -> None:
        self.statuses: list[int] = []
        self.raised: list[str] = []

    def wrap(self, application: Callable) -> Callable:
        """The WSGI `application`, noting each answer's status as it starts."""

        def noted(environ: dict, start_response: Callable) -> Iterable[bytes]:
            def starting(status: str, headers: list, *exc_info: object) -> Callable:
                self.statuses.append(int(status.split()[0]))
                return start_response(status, headers, *exc_info)

            try:
                return application(environ, starting)
            except Exception:
                # Past Django's own handling: the WSGI server answers a bare 500.
                self.note(None)
                raise

        return noted

    def note(self, sender: object, request: object = None, **kwargs: object) -> None:
        """A `got_request_exception` receiver: the exception, and where it was raised (the
        last frame of the project's code when there is one)."""
        kind, error, trace = sys.exc_info()
        if kind is None:
            return
        frames = traceback.extract_tb(trace)
        ours = [f for f in frames if "site-packages" not in f.filename] or frames
        where = f"{Path(ours[-1].filename).name}:{ours[-1].lineno}" if ours else "?"
        self.raised.append(f"{kind.__name__}: {str(error)[:160]} ({where})")


@dataclass
class Answer:
    request: HostileRequest
    status: int  # 0: no answer
    seconds: float
    size: int
    error: str = ""
    # The server answered before reading the whole body (a request over a size limit) and
    # closed the connection while the client was still sending: the status is the server's.
    cut_short: bool = False


@dataclass
class FamilyFigures:
    statuses: Counter = field(default_factory=Counter)
    seconds: float = 0.0
    cut_short: int = 0
    slow: int = 0  # answers slower than SLOW_SECONDS
    slowest_few: list[Answer] = field(default_factory=list)  # the SLOW_LISTED slowest of them
    slowest: Answer | None = None
    largest: Answer | None = None
    failures: list[Answer] = field(default_factory=list)

    @property
    def sent(self) -> int:
        return sum(self.statuses.values())

    @property
    def server_errors(self) -> int:
        return sum(n for code, n in self.statuses.items() if code >= 500)

    def add(self, answer: Answer) -> None:
        self.statuses[answer.status] += 1
        self.seconds += answer.seconds
        self.cut_short += answer.cut_short
        self.slow += answer.seconds > SLOW_SECONDS
        if answer.seconds > SLOW_SECONDS:
            self._keep_slow([answer])
        self._keep_extremes(answer)
        if answer.status == 0 or answer.status >= 500:
            self.failures.append(answer)

    def merge(self, other: FamilyFigures) -> None:
        self.statuses.update(other.statuses)
        self.seconds += other.seconds
        self.cut_short += other.cut_short
        self.slow += other.slow
        self._keep_slow(other.slowest_few)
        self.failures += other.failures
        for answer in filter(None, (other.slowest, other.largest)):
            self._keep_extremes(answer)

    def _keep_slow(self, answers: list[Answer]) -> None:
        # Only a few: what is slow shows, without keeping every answer of a long campaign.
        kept = sorted([*self.slowest_few, *answers], key=lambda a: -a.seconds)
        self.slowest_few = kept[:SLOW_LISTED]

    def _keep_extremes(self, answer: Answer) -> None:
        if self.slowest is None or answer.seconds > self.slowest.seconds:
            self.slowest = answer
        if self.largest is None or answer.size > self.largest.size:
            self.largest = answer


def send_all(
    base: tuple[str, int],
    requests: Iterable[HostileRequest],
    clients: Mapping[str, Credentials],
    log: ServerLog,
    *,
    listing: bool = False,
) -> dict[str, FamilyFigures]:
    figures = {family: FamilyFigures() for family in FAMILIES}
    for request in requests:
        answered, raised = len(log.statuses), len(log.raised)
        answer = send(base, request, clients[request.client])
        if answer.status == 0 and len(log.statuses) > answered:
            answer.status, answer.cut_short = log.statuses[answered], True
        if answer.status >= 500:
            answer.error = "; ".join(dict.fromkeys(log.raised[raised:])) or "(no exception)"
        figures[request.family].add(answer)
        if listing:
            print(f"{answer.status:>3} {answer.seconds * 1000:>6.0f} ms {request.describe(200)}")
    return figures


def send(base: tuple[str, int], request: HostileRequest, credentials: Credentials) -> Answer:
    """Send one request on a fresh connection, as it is (headers unchecked), and time it."""
    headers = {"host": ("Host", f"{base[0]}:{base[1]}")}
    if credentials.cookies:
        headers["cookie"] = ("Cookie", credentials.cookies)
    if credentials.csrf_token:
        headers["x-csrftoken"] = ("X-CSRFToken", credentials.csrf_token)
    if request.content_type:
        headers["content-type"] = ("Content-Type", request.content_type)
    for name, value in request.headers:
        headers[name.lower()] = (name, value)  # the hostile header wins
    started = time.perf_counter()
    connection = http.client.HTTPConnection(*base, timeout=TIMEOUT)
    try:
        connection.putrequest(
            request.method, request.path, skip_host=True, skip_accept_encoding=True
        )
        for name, value in headers.values():
            connection.putheader(name, encoded(value))
        if request.body or request.method in ("POST", "PUT", "PATCH"):
            connection.putheader("Content-Length", str(len(request.body)))
        connection.endheaders(request.body or None)
        response = connection.getresponse()
        size = len(response.read())
        return Answer(request, response.status, time.perf_counter() - started, size)
    except (OSError, http.client.HTTPException) as error:
        return Answer(request, 0, time.perf_counter() - started, 0, f"no answer: {error!r}")
    finally:
        connection.close()


# --- Reporting ------------------------------------------------------------------------------


def report(figures: Mapping[str, FamilyFigures], *, seed: int, ready: float, spent: float) -> None:
    from django.conf import settings

    from shen_site.settings import AXES_FAILURE_LIMIT

    total = FamilyFigures()
    for family in figures.values():
        total.merge(family)
    database = database_name()
    print(
        f"Hostile campaign, seed {seed}: {database} (a fresh database), {cache_name()} cache, "
        f"DEBUG {'on' if settings.DEBUG else 'off'}; set up in {ready:.0f} s"
    )
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    print(
        f"Throttles raised for the campaign, so requests reach the code: anonymous API "
        f"{rates['anon']}, expensive pages {rates['expensive']}, replay states, new matches "
        f"and notes {rates['replay']} (production defaults 600/minute, 20/minute, "
        "120/minute, 60/hour, 30/minute; a simulation quota's 429s are counted). "
        f"Login lockout as in production: {AXES_FAILURE_LIMIT} "
        "wrong passwords per username and address (its 429s are counted). Proxies trusted: "
        f"{settings.REST_FRAMEWORK['NUM_PROXIES']} (X-Forwarded-For is read; none stands in "
        "front, so the campaign's own headers are).\n"
    )
    print(
        f"{'family':<11} {'sent':>6} {'2xx':>6} {'3xx':>5} {'4xx':>6} {'(429)':>6} {'5xx':>4} "
        f"{'none':>4} {'seconds':>8} {'slowest ms':>10} {'> 2 s':>5} {'largest KB':>10}"
    )
    for name, family in [*figures.items(), ("total", total)]:
        print(_row(name, family))
    codes = ", ".join(f"{code or 'none'} × {n:,}" for code, n in sorted(total.statuses.items()))
    print(f"\nStatus codes: {codes}")
    if total.cut_short:
        print(
            f"{total.cut_short} requests over a size limit were answered before the server read "
            "their whole body (it then closed the connection on the sending client): counted "
            "by the status the server sent."
        )
    for title, pick, measure in (
        ("Slowest request", lambda f: f.slowest, lambda a: f"{a.seconds * 1000:>6.0f} ms"),
        ("Largest answer", lambda f: f.largest, lambda a: f"{a.size / 1024:>6.0f} KB"),
    ):
        print(f"\n{title} of each family:")
        for name, family in figures.items():
            if answer := pick(family):
                print(
                    f"  {name:<11} {measure(answer)}  {answer.status}  {answer.request.describe()}"
                )
    if total.slow:
        print(f"\n{total.slow} answers took over {SLOW_SECONDS:.0f} s; the slowest:")
        for answer in total.slowest_few:
            family = answer.request.family
            print(
                f"  {family:<11} {answer.seconds * 1000:>6.0f} ms  {answer.status}  "
                f"{answer.request.describe()}"
            )
    if total.failures:
        print(f"\n{len(total.failures)} requests answered 5xx or not at all:")
        for error, count in Counter(a.error for a in total.failures).most_common():
            example = next(a for a in total.failures if a.error == error)
            print(
                f"  {count} × {example.status or 'none'} {error}\n"
                f"      e.g. {example.request.describe(300)}"
            )
    load = " ".join(f"{value:.2f}" for value in os.getloadavg())
    print(
        f"\n{total.sent:,} hostile requests on {database}, {total.server_errors} × 5xx, "
        f"{total.statuses[0]} unanswered; sent in {spent:.0f} s "
        f"(load average {load} at the end)."
    )


def _row(name: str, family: FamilyFigures) -> str:
    statuses = family.statuses

    def between(low: int, high: int) -> int:
        return sum(n for code, n in statuses.items() if low <= code < high)

    slowest = family.slowest.seconds * 1000 if family.slowest else 0
    largest = family.largest.size / 1024 if family.largest else 0
    return (
        f"{name:<11} {family.sent:>6} {between(200, 300):>6} {between(300, 400):>5} "
        f"{between(400, 500):>6} {statuses[429]:>6} {family.server_errors:>4} {statuses[0]:>4} "
        f"{family.seconds:>8.1f} {slowest:>10.0f} {family.slow:>5} {largest:>10.0f}"
    )


if __name__ == "__main__":
    main()
