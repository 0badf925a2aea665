"""The real site for the benches: production-like settings, a fresh database, a server thread.

`site_configure` sets the environment before Django is imported (DEBUG off, a throwaway
cache, static files and broker folder); `fresh_database` makes and migrates a database of
the configured kind and drops it afterwards; `serving` answers HTTP on a free loopback
port with the site's own WSGI application, one request at a time, as one worker would.
"""

from __future__ import annotations

import os
import secrets
import threading
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server


def site_configure(directory: str) -> None:
    """Production-like settings (DEBUG off) on a throwaway database, without throttling.

    Throttled as always (one counter increment a request), but never refused at the
    anonymous API rate. Each setting the caller made already is left as it is."""
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
