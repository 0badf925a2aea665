"""The site for the benches: Django set up on throwaway files, a player's two decks, Celery
workers, a bare reference view, a fresh database and a server thread.

`throwaway_site` sets Django up as a developer runs it (DEBUG on) on a new SQLite
database, cache and broker folder, migrated; `production_site` with production-like
settings (DEBUG off), on the database of DATABASE_URL when it is set. `fresh_database`
makes and migrates a database of the configured kind and drops it afterwards; `serving`
answers HTTP on a free loopback port with the site's own WSGI application, one request
at a time, as one worker would; `with_bare_view` adds the reference every request is
measured against. `two_decks` loads the sample catalogue and builds a player's two
decks, and `workers_running` starts the site's Celery workers on it.
"""

from __future__ import annotations

import os
import secrets
import subprocess
import tempfile
import threading
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from bench import ROOT

if TYPE_CHECKING:  # Django is imported only once the bench has configured it
    from django.http import HttpRequest, JsonResponse


@contextmanager
def throwaway_site() -> Iterator[Path]:
    """Django as a developer runs it (DEBUG on) on a new SQLite database, file cache and
    filesystem broker in a temporary folder (the workers started later inherit them),
    migrated; yields the folder, removed afterwards. DATABASE_URL and REDIS_URL are
    ignored: nothing of the bench's reaches a real database or cache."""
    with tempfile.TemporaryDirectory() as directory:
        os.environ["SHEN_SQLITE_PATH"] = f"{directory}/bench.sqlite3"
        os.environ["SHEN_CACHE_DIR"] = f"{directory}/cache"
        os.environ["SHEN_BROKER_DIR"] = f"{directory}/broker"
        os.environ.pop("DATABASE_URL", None)
        os.environ.pop("REDIS_URL", None)
        os.environ["SHEN_CELERY_EAGER"] = "0"
        os.environ.setdefault("DEBUG", "1")
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "shen_site.settings")
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        yield Path(directory)


@contextmanager
def production_site() -> Iterator[str]:
    """Django with production-like settings (DEBUG off) on a throwaway database, without
    throttling; yields its temporary folder (files, static files, cache and broker).

    Throttled as always (one counter increment a request), but never refused at the
    anonymous API rate. Each setting the caller made already is left as it is: with
    DATABASE_URL, the database is that one (not migrated here: see `fresh_database`)."""
    with tempfile.TemporaryDirectory() as directory:
        if not os.environ.get("DATABASE_URL"):
            os.environ["SHEN_SQLITE_PATH"] = f"{directory}/bench.sqlite3"
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "shen_site.settings")
        os.environ.setdefault("DEBUG", "0")
        os.environ.setdefault("SHEN_SECRET_KEY", secrets.token_urlsafe(40))
        os.environ.setdefault("ALLOWED_HOSTS", "127.0.0.1")
        os.environ.setdefault("SHEN_SSL_REDIRECT", "0")
        os.environ.setdefault("SHEN_ANON_RATE", "1000000/second")
        # A cache of the bench's own, empty at the start (the file cache without REDIS_URL).
        os.environ.setdefault("SHEN_CACHE_DIR", f"{directory}/cache")
        # Tasks a request queues go to a broker folder of the bench's own (no worker takes them).
        os.environ.setdefault("SHEN_BROKER_DIR", f"{directory}/broker")
        os.environ.setdefault("SHEN_LOG_LEVEL", "WARNING")
        os.environ.setdefault("SHEN_STATIC_ROOT", directory)  # whitenoise warns when it is missing
        import django

        django.setup()
        yield directory


def database_name() -> str:
    from django.db import connection

    names = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}
    return names.get(connection.vendor, connection.vendor)


def cache_name() -> str:
    from django.conf import settings

    backend = settings.CACHES["default"]["BACKEND"]
    return "Redis" if "Redis" in backend else "files" if "filebased" in backend.lower() else backend


@contextmanager
def fresh_database(directory: str) -> Iterator[None]:
    """A new, migrated database of the configured kind, dropped afterwards: a SQLite file in
    `directory`, or on the PostgreSQL server of DATABASE_URL a database named after its
    own with ``_bench`` added (Django's test-database machinery, so nothing else is touched)."""
    from django.db import connection

    name = connection.settings_dict["NAME"]
    connection.settings_dict["TEST"]["NAME"] = (
        f"{directory}/fresh.sqlite3" if connection.vendor == "sqlite" else f"{name}_bench"
    )
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        yield
    finally:
        connection.creation.destroy_test_db(name, verbosity=0)


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def serving(
    urlconf: types.ModuleType | None = None, *, wrap: Callable | None = None
) -> Iterator[tuple[str, int]]:
    """Serve the site's WSGI application (on `urlconf`, else the site's own URLs; wrapped
    by `wrap` if given) on 127.0.0.1 at a free port, in a thread; yields the (host, port).

    One thread serves every request, as one worker process of the production server
    does: the benches' requests are sequential, and a thread per request would open a
    new database connection for each (what no production worker does).
    """
    from django.conf import settings
    from django.core.wsgi import get_wsgi_application
    from django.db import connections

    if urlconf is not None:
        settings.ROOT_URLCONF = urlconf
    application = get_wsgi_application()
    server = make_server(
        "127.0.0.1",
        0,
        wrap(application) if wrap else application,
        server_class=WSGIServer,
        handler_class=_QuietHandler,
    )

    def serve() -> None:
        try:
            server.serve_forever(poll_interval=0.05)
        finally:
            # The thread's kept connection, or PostgreSQL refuses to drop a fresh database.
            connections.close_all()

    thread = threading.Thread(target=serve)
    thread.start()
    try:
        yield server.server_address[:2]
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def bare_view(request: HttpRequest) -> JsonResponse:
    """The reference: a Django view that returns a small JSON document and reads nothing."""
    from django.http import JsonResponse

    return JsonResponse({"name": "Bench", "cards": 3, "realms": ["ember", "tide"]})


# Where the reference answers, beside the site's own URLs.
BARE_PATH = "/bench/bare/"


def with_bare_view() -> types.ModuleType:
    """The site's own URLs, plus `bare_view` at BARE_PATH: a URLconf module."""
    from django.urls import include, path

    urlconf = types.ModuleType("bench_urls")
    urlconf.urlpatterns = [path(BARE_PATH[1:], bare_view), path("", include("shen_site.urls"))]
    return urlconf


def two_decks(**deck_fields: object) -> tuple:
    """The sample catalogue loaded, a player "bencher" and a playable 40-card deck of its
    own in each of the first two realms: (player, [deck, deck])."""
    from tests.factories.decks import UserFactory
    from tests.factories.matches import playable_deck, sample_catalogue_load

    realms = sample_catalogue_load()
    player = UserFactory(username="bencher")
    return player, [playable_deck(owner=player, realm=realm, **deck_fields) for realm in realms[:2]]


@contextmanager
def workers_running(commands: list[list[str]], log: Path) -> Iterator[list[subprocess.Popen]]:
    """The site's Celery workers, one process group each from `commands` (e.g. runsite's
    `worker_command`), on the bench's site (they inherit its environment), their output in
    `log`; stopped at the end, killed if they will not stop."""
    from shen_site.processes import stop_processes

    with log.open("w") as output:
        workers = [
            subprocess.Popen(
                command, cwd=ROOT, stdout=output, stderr=output, start_new_session=True
            )
            for command in commands
        ]
        try:
            yield workers
        finally:
            stop_processes(workers, 30)
