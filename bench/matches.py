"""What playing a match costs the server, measured through a live HTTP server.

Creates a temporary SQLite database, migrates it, loads the sample catalogue, builds two
40-card decks and starts a hot-seat match. Then, through Django's live server (a
threaded WSGI server in this process, on 127.0.0.1:8107 unless BENCH_PORT says
otherwise, over real sockets), it reports:

* submitting an action and getting the new view back (POST /api/matches/<id>/act/),
  mid-game (from state 100 on), p50 and p95, against the p95 of a bare Django JSON view
  on the same server in the same run (target: at most 15 times);
* the idle update check a waiting browser makes every 1.5 s (GET /games/<id>/live/ with
  its ETag, answered 304), p50 and p95, and the same with a fresh cache (no position cached);
* rebuilding a match of at least 400 actions from its record (replay + digest checks).

Beside the wall-clock figures it prints the server's CPU time per request (the thread
that answered it, from the WSGI call to its return) for the bare view and the act, and
their ratio: on a shared machine under load the wall-clock p95s measure mostly how long
a request waited for a core, the CPU times what it cost. The target stays the wall-clock
ratio.

Run: ``.venv/bin/python -m bench.matches``
"""

from __future__ import annotations

if not __package__:  # run as bench/<name>.py, not with -m: see bench/_root_first.py
    import _root_first  # noqa: F401

import http.cookiejar
import json
import os
import random
import statistics
import time
import urllib.error
import urllib.request

from bench.figures import percentile
from bench.live_site import BARE_PATH, throwaway_site, two_decks, with_bare_view

PORT = int(os.environ.get("BENCH_PORT", "8107"))
WARM_UP_ACTIONS = 100
MEASURED_ACTIONS = 200
IDLE_CHECKS = 300
BARE_REQUESTS = 300
REBUILD_ACTIONS = 400
REBUILD_REPEATS = 5
TARGET_RATIO = 15


def main() -> None:
    with throwaway_site():
        from django.conf import settings

        settings.ROOT_URLCONF = with_bare_view()
        settings.DEBUG = False  # DEBUG keeps every query in memory: not what production does
        report(*measure())


def measure():
    from games.matches.records import match_replayed
    from games.models import Match

    player, decks = two_decks(visibility="public")
    match = _started(player, decks, seed=3)
    _play(match, player, WARM_UP_ACTIONS, random.Random(1))

    server = _live_server()
    try:
        session = _session(player, match)
        bare_times = [_timed(session, "GET", BARE_PATH)[0] for _ in range(BARE_REQUESTS)]
        act_times = _submissions(session, match, random.Random(2))
        cpu = {
            "bare": [seconds for path, seconds in server.cpu if path == BARE_PATH],
            "act": [seconds for path, seconds in server.cpu if path.endswith("/act/")],
        }
        match = Match.objects.get(pk=match.pk)
        live = f"/games/{match.pk}/live/"
        _timed(session, "GET", live)  # the position is cached from here on
        idle = [_timed(session, "GET", live, etag=match.etag) for _ in range(IDLE_CHECKS)]
        assert all(status == 304 for _, status in idle), "an idle check did not answer 304"
        from django.core.cache import cache

        cold = []
        for _ in range(20):
            cache.clear()
            cold.append(_timed(session, "GET", live, etag=match.etag)[0])
    finally:
        server.terminate()
        server.join()

    long_match = _long_match(player, decks)
    rebuilds = []
    for _ in range(REBUILD_REPEATS):
        started = time.perf_counter()
        match_replayed(long_match)
        rebuilds.append(time.perf_counter() - started)
    return bare_times, act_times, [t for t, _ in idle], cold, rebuilds, long_match, cpu


def _started(player, decks, *, seed: int):
    from games.matches.services import match_create

    return match_create(
        owner=player, deck=decks[0], opponent_deck=decks[1], mode="hotseat", seed=seed
    )


def _play(match, player, count: int, chooser: random.Random) -> None:
    """``count`` random legal actions through the services (no HTTP)."""
    from games.matches.records import match_position
    from games.matches.services import match_act
    from games.play import GAMES

    game = GAMES["shen"]
    for _ in range(count):
        if match.status != "playing":
            return
        options = game.legal_actions(match_position(match).state)
        action = game.action_to_json(chooser.choice(options))
        match_act(match=match, user=player, action=action, number=match.number)


def _long_match(player, decks):
    """A finished or unfinished hot-seat match of at least REBUILD_ACTIONS actions."""
    for seed in range(100, 200):
        match = _started(player, decks, seed=seed)
        _play(match, player, REBUILD_ACTIONS + 50, random.Random(seed))
        if match.number >= REBUILD_ACTIONS:
            return match
    raise SystemExit("No seed gave a match of 400 actions.")


def _live_server():
    from django.test.testcases import (
        LiveServerThread,
        QuietWSGIRequestHandler,
        _StaticFilesHandler,
    )

    class Reusing(LiveServerThread):
        """Binds its port even while the last run's connections to it are in TIME_WAIT
        (Django's refuses to, so a second run within a minute failed to start)."""

        def _create_server(self, connections_override=None):
            return self.server_class(
                (self.host, self.port),
                QuietWSGIRequestHandler,
                allow_reuse_address=True,
                connections_override=connections_override,
            )

    cpu: list[tuple[str, float]] = []

    def timed(application):
        """The site's handler, noting each request's path and its thread's CPU time."""
        handler = _StaticFilesHandler(application)

        def answer(environ, start_response):
            started = time.thread_time()
            try:
                return handler(environ, start_response)
            finally:
                cpu.append((environ["PATH_INFO"], time.thread_time() - started))

        return answer

    server = Reusing("127.0.0.1", timed, port=PORT)
    server.cpu = cpu
    server.daemon = True
    server.start()
    server.is_ready.wait()
    if server.error:
        raise server.error
    return server


class Session:
    def __init__(self, opener, csrf: str) -> None:
        self.opener = opener
        self.csrf = csrf


def _session(player, match) -> Session:
    """An HTTP client logged in as ``player`` (session cookie) with a CSRF token."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(player)
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    cookie = http.cookiejar.Cookie(
        0,
        settings.SESSION_COOKIE_NAME,
        client.cookies[settings.SESSION_COOKIE_NAME].value,
        None,
        False,
        "127.0.0.1",
        False,
        False,
        "/",
        True,
        False,
        None,
        True,
        None,
        None,
        {},
    )
    jar.set_cookie(cookie)
    opener.open(f"http://127.0.0.1:{PORT}/games/{match.pk}/").read()
    csrf = next(c.value for c in jar if c.name == settings.CSRF_COOKIE_NAME)
    return Session(opener, csrf)


def _timed(session: Session, method: str, path: str, *, body=None, etag: str | None = None):
    """(seconds, status) of one request, the whole answer read."""
    headers = {"X-CSRFToken": session.csrf}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    if etag:
        headers["If-None-Match"] = etag
    request = urllib.request.Request(
        f"http://127.0.0.1:{PORT}{path}", data=data, method=method, headers=headers
    )
    started = time.perf_counter()
    try:
        with session.opener.open(request) as response:
            response.read()
            status = response.status
    except urllib.error.HTTPError as error:
        error.read()
        status = error.code
    return time.perf_counter() - started, status


def _submissions(session: Session, match, chooser: random.Random) -> list[float]:
    """Time MEASURED_ACTIONS submissions, each chosen from the view the previous one
    answered (as a client would)."""
    path = f"/api/matches/{match.pk}/"
    request = urllib.request.Request(f"http://127.0.0.1:{PORT}{path}")
    with session.opener.open(request) as response:
        view = json.loads(response.read())
    times = []
    for _ in range(MEASURED_ACTIONS):
        decision = view["decision"]
        if decision is None:
            break
        options = [option["action"] for group in decision["groups"] for option in group["options"]]
        body = {"action": chooser.choice(options), "number": view["match"]["number"]}
        request = urllib.request.Request(
            f"http://127.0.0.1:{PORT}{path}act/",
            data=json.dumps(body).encode(),
            method="POST",
            headers={"Content-Type": "application/json", "X-CSRFToken": session.csrf},
        )
        started = time.perf_counter()
        with session.opener.open(request) as response:
            view = json.loads(response.read())
        times.append(time.perf_counter() - started)
    return times


def report(bare_times, act_times, idle, cold, rebuilds, long_match, cpu) -> None:
    def line(label: str, values: list[float]) -> None:
        p50, p95 = percentile(values, 0.5) * 1000, percentile(values, 0.95) * 1000
        print(f"{label:<62} p50 {p50:7.2f} ms  p95 {p95:7.2f} ms  (n={len(values)})")

    print(f"Through Django's live server on 127.0.0.1:{PORT}, SQLite, one client at a time")
    line(f"bare Django JSON view (GET {BARE_PATH})", bare_times)
    line("submit an action + new view, mid-game (POST .../act/)", act_times)
    line("idle update check, position cached (GET .../live/ -> 304)", idle)
    line("idle update check, cache emptied first (-> 304)", cold)
    ratio = percentile(act_times, 0.95) / percentile(bare_times, 0.95)
    verdict = "within" if ratio <= TARGET_RATIO else "OVER"
    print(f"act p95 / bare p95 = {ratio:.1f}x ({verdict} the target of {TARGET_RATIO}x)")
    line("server CPU time, bare view", cpu["bare"])
    line("server CPU time, act", cpu["act"])
    cpu_ratio = percentile(cpu["act"], 0.95) / percentile(cpu["bare"], 0.95)
    print(f"server CPU: act p95 / bare p95 = {cpu_ratio:.1f}x")
    print(
        f"rebuild a {long_match.number}-action match from its record "
        f"(replay + {len(long_match.digests)} digest checks): "
        f"best {min(rebuilds) * 1000:.1f} ms, median {statistics.median(rebuilds) * 1000:.1f} ms "
        f"of {len(rebuilds)}"
    )


if __name__ == "__main__":
    main()
