"""How fast is the card API on a catalogue of 10,000 cards, next to a bare Django view?

Fills a temporary SQLite database (or the database of ``DATABASE_URL`` when it is
set; the bench's rows are removed afterwards) with 10,000 generated cards and their
abilities across eight realms, and their stored API documents (as a catalogue load
writes them), on PostgreSQL vacuums and analyzes them (as autovacuum would after such
a load), serves the real site in-process on a random loopback port, with a
file cache of its own (or Redis when ``REDIS_URL`` is set), and reports, under a first
line naming the database and the cache:

- p50 and p95 latency of the card API for five representative requests, repeated
  (after the first, each is a response-cache hit: one cache read of three entries
  with the throttle's count, one Redis round trip, no database) and each at a URL
  not seen before (an unknown parameter that filters nothing: each is a
  response-cache miss, the whole view runs; a filtered list's count is kept for the
  catalogue's version, so only the first of its misses counts the cards);
- throughput of the first 50-card page of every card (``/api/cards/``, nothing
  filtered: its page read by one plain SQL statement) and of a card's detail, each
  *cached* (the same URL again: a response-cache hit) and *uncached* (a new URL
  each time: the whole view runs), of a filtered page uncached (its page read by a
  query the ORM builds), and of a bare Django JSON view mounted beside them on the
  same server (same middleware, same run), with each figure's ratio to the bare
  view's.

Requests are sequential, one connection each, so the figures are per-request cost,
not concurrency. Run: ``.venv/bin/python -m bench.catalogue [--requests 200] [--unseen 50]``
"""

from __future__ import annotations

if not __package__:  # run as bench/<name>.py, not with -m: see bench/_root_first.py
    import _root_first  # noqa: F401

import argparse
import http.client
import itertools
import json
import random
import sys
import time
import urllib.parse
from collections.abc import Callable
from typing import TYPE_CHECKING

from bench.figures import percentile
from bench.live_site import (
    BARE_PATH,
    cache_name,
    database_name,
    production_site,
    serving,
    with_bare_view,
)

if TYPE_CHECKING:  # Django is imported only once the bench has configured it
    from cards.models import Card, Realm

CARD_COUNT = 10_000
REALMS = ("Ember", "Tide", "Stone", "Gale", "Thorn", "Frost", "Dusk", "Dawn")
KEYWORDS = ("flying", "swift", "guard", "ambush", "rooted", "warded", "fierce")
KINDS = ("avatar", "avatar", "avatar", "item", "remains", "action")
RARITIES = ("common", "common", "common", "uncommon", "uncommon", "rare", "mythic", "champion")
RULES = (
    "Draw a card.",
    "This Avatar walks the Spirit Path.",
    "Place a Shén counter.",
    "Your opponent loses a card.",
    "Target Avatar gets +1 melee until end of turn.",
    "Refresh target Avatar.",
    "Remove up to two opposing Shén within 1.",
)
TIMINGS = {
    "avatar": "activated",
    "item": "while_attached",
    "remains": "while_attached",
    "action": "on_play",
}
BENCH_PREFIX = "Bench"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=200, help="timed requests per query")
    parser.add_argument("--unseen", type=int, default=50, help="requests per query, each new")
    parser.add_argument("--throughput", type=int, default=500, help="requests per endpoint")
    arguments = parser.parse_args()
    with production_site():
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        started = time.perf_counter()
        realm_slug, card_slug = fill_catalogue(CARD_COUNT)
        print(f"Catalogue: {CARD_COUNT} cards in {time.perf_counter() - started:.1f}s")
        statistics_gathered()
        print(f"Database: {database_name()}; cache: {cache_name()}")
        try:
            with serving(with_bare_view()) as base:
                report(
                    base,
                    realm_slug,
                    card_slug,
                    requests=arguments.requests,
                    unseen=arguments.unseen,
                    throughput=arguments.throughput,
                )
        finally:
            empty_catalogue()


# --- The catalogue ------------------------------------------------------------------


def fill_catalogue(count: int) -> tuple[str, str]:
    """Bulk-create ``count`` cards with abilities; return a realm slug and a card slug."""
    from django.db import transaction

    from cards.api.stored import card_documents_refresh
    from cards.models import Ability, Card, Realm

    generator = random.Random(20261129)
    with transaction.atomic():
        realms = Realm.objects.bulk_create(
            Realm(
                name=f"{BENCH_PREFIX} {name}",
                slug=f"bench-{name.lower()}",
                colour=f"#{generator.randrange(0x1000000):06x}",
                symbol=name[0],
            )
            for name in REALMS
        )
        realms = list(Realm.objects.filter(slug__startswith="bench-"))
        cards = Card.objects.bulk_create(
            (_generated_card(number, generator, realms) for number in range(count)),
            batch_size=500,
        )
        cards = Card.objects.filter(name__startswith=BENCH_PREFIX).only("id", "kind")
        Ability.objects.bulk_create(
            (
                Ability(
                    card=card,
                    order=order,
                    name=f"Ability {order}",
                    cost=generator.randint(0, 2),
                    timing=TIMINGS[card.kind],
                    effect=[{"verb": "draw_cards", "count": generator.randint(1, 3)}],
                )
                for card in cards.iterator()
                for order in range(generator.randint(1, 2))
            ),
            batch_size=1000,
        )
        # A bulk write stores the cards' API documents itself, as the loader does.
        card_documents_refresh()
    return realms[0].slug, Card.objects.filter(name__startswith=BENCH_PREFIX).first().slug


def statistics_gathered() -> None:
    """On PostgreSQL, vacuum and analyze the catalogue's tables, as autovacuum does soon
    after a bulk load on a production server.

    Without it the planner has no statistics for the new rows (a server may run with
    autovacuum off, and a bench does not wait for it) and past runs' deleted rows stay
    in the indexes: a filtered page, planned for 24 cards where 3,973 matched, joined
    every match to its document before sorting (30 ms, where 0.3 ms with statistics).
    SQLite's planner keeps no statistics unless asked, so it is measured as it runs.
    """
    from django.db import connection

    from cards.models import Ability, Card, CardDocument, Realm

    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        for model in (Realm, Card, Ability, CardDocument):
            cursor.execute(f"VACUUM ANALYZE {connection.ops.quote_name(model._meta.db_table)}")


def _generated_card(number: int, generator: random.Random, realms: list[Realm]) -> Card:
    from cards.models import Card

    kind = generator.choice(KINDS)
    is_avatar = kind == "avatar"
    trait = (lambda: generator.randint(0, 5)) if is_avatar else (lambda: None)
    keywords = generator.sample(KEYWORDS, generator.randint(0, 2))
    return Card(
        name=f"{BENCH_PREFIX} Card {number:05d}",
        slug=f"bench-card-{number:05d}",
        kind=kind,
        realm=generator.choice(realms),
        cost=generator.randint(0, 4),
        rarity=generator.choice(RARITIES),
        rules_text=" ".join(generator.sample(RULES, 2)),
        keywords=f" {' '.join(keywords)} " if keywords else "",
        melee=trait(),
        defense=trait(),
        ranged=trait(),
        movement=trait(),
        is_spirit=is_avatar and generator.random() < 0.2,
    )


def empty_catalogue() -> None:
    """Remove the bench's rows (it matters when DATABASE_URL points at a real database)."""
    from cards.models import Card, Realm

    Card.objects.filter(name__startswith=BENCH_PREFIX).delete()
    Realm.objects.filter(slug__startswith="bench-").delete()


# --- Measuring -------------------------------------------------------------------------


def fetch(base: tuple[str, int], path: str) -> float:
    """GET ``path`` on a fresh connection; the seconds it took. Fails loudly on non-200."""
    started = time.perf_counter()
    connection = http.client.HTTPConnection(*base, timeout=30)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
    finally:
        connection.close()
    elapsed = time.perf_counter() - started
    if response.status != 200:
        sys.exit(f"GET {path} answered {response.status}; the bench needs 200s.")
    return elapsed


def matching_cards(base: tuple[str, int], path: str) -> int:
    """How many cards ``path`` finds (1 for a detail), so a query that finds none shows."""
    connection = http.client.HTTPConnection(*base, timeout=30)
    try:
        connection.request("GET", path)
        body = json.loads(connection.getresponse().read())
    finally:
        connection.close()
    return body.get("count", 1)


def timings(base: tuple[str, int], path: str, count: int) -> list[float]:
    for _ in range(max(count // 10, 5)):  # warm caches and connections first
        fetch(base, path)
    return [fetch(base, path) for _ in range(count)]


# Numbers for URLs the server has not seen before, across the whole run.
_UNSEEN = itertools.count()


def unseen_timings(base: tuple[str, int], path: str, count: int) -> list[float]:
    """Like ``timings``, but each request at a URL the server has not seen before."""
    separator = "&" if "?" in path else "?"
    paths = [f"{path}{separator}unseen={next(_UNSEEN)}" for _ in range(count + 5)]
    for warming in paths[:5]:
        fetch(base, warming)
    return [fetch(base, unseen) for unseen in paths[5:]]


def report(
    base: tuple[str, int],
    realm_slug: str,
    card_slug: str,
    *,
    requests: int,
    unseen: int,
    throughput: int,
) -> None:
    queries = {
        "list, page 1": "/api/cards/",
        "kind=avatar&cost_max=3": "/api/cards/?kind=avatar&cost_max=3",
        f"q=kind:avatar realm:{realm_slug} atk>=2": _search(
            f"kind:avatar realm:{realm_slug} atk>=2"
        ),
        'q=o:"spirit path" or kw:flying': _search('o:"spirit path" or kw:flying'),
        "detail by slug": f"/api/cards/{card_slug}/",
    }
    print(f"\nCard API latency, {requests} sequential requests each, cached: same URL (ms)")
    latencies(base, queries, lambda path: timings(base, path, requests))
    print(f"\nCard API latency, {unseen} sequential requests each, uncached: new URLs (ms)")
    latencies(base, queries, lambda path: unseen_timings(base, path, unseen))

    print(f"\nThroughput, {throughput} sequential requests each, same server and run")
    detail = f"/api/cards/{card_slug}/"
    endpoints = {
        "bare JSON view (the reference)": _same(BARE_PATH),
        "every card, page 1, cached (same URL)": _same("/api/cards/"),
        "every card, page 1, uncached (new URLs)": _unseen("/api/cards/"),
        "kind=avatar&cost_max=3, uncached (new URLs)": _unseen(queries["kind=avatar&cost_max=3"]),
        "card detail, cached (same URL)": _same(detail),
        "card detail, uncached (new URLs)": _unseen(detail),
    }
    rates = throughputs(base, endpoints, throughput)
    bare = rates["bare JSON view (the reference)"]
    print(f"{'request':<44} {'req/s':>8} {'ratio to bare':>14}")
    for label, rate in rates.items():
        print(f"{label:<44} {rate:>8.1f} {rate / bare:>14.3f}")


def _same(path: str) -> Callable[[], str]:
    return lambda: path


def _unseen(path: str) -> Callable[[], str]:
    separator = "&" if "?" in path else "?"
    return lambda: f"{path}{separator}unseen={next(_UNSEEN)}"


def latencies(
    base: tuple[str, int], queries: dict[str, str], measure: Callable[[str], list[float]]
) -> None:
    """Print p50 and p95 of ``measure(path)`` for each query."""
    print(f"{'request':<44} {'matches':>8} {'p50':>8} {'p95':>8}")
    for label, path in queries.items():
        times = measure(path)
        p50, p95 = percentile(times, 0.5) * 1000, percentile(times, 0.95) * 1000
        matches = matching_cards(base, path)
        print(f"{label:<44} {matches:>8} {p50:>8.2f} {p95:>8.2f}")


def throughputs(
    base: tuple[str, int], endpoints: dict[str, Callable[[], str]], count: int
) -> dict[str, float]:
    """Requests per second for each endpoint (a path, or a new path each call), in rounds.

    Alternating keeps a change in the machine's load (other processes) from
    favouring whichever endpoint happened to run during the quiet moment.
    """
    rounds = 10
    seconds = dict.fromkeys(endpoints, 0.0)
    for next_path in endpoints.values():
        for _ in range(5):  # warm caches and connections first
            fetch(base, next_path())
    for _ in range(rounds):
        for label, next_path in endpoints.items():
            seconds[label] += sum(fetch(base, next_path()) for _ in range(count // rounds))
    return {label: (count // rounds) * rounds / spent for label, spent in seconds.items()}


def _search(query: str) -> str:
    return "/api/cards/?" + urllib.parse.urlencode({"q": query})


if __name__ == "__main__":
    main()
