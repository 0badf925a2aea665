"""Settings for the test suite: the real settings, read with SHEN_TESTING on."""

import os
import tempfile
from urllib.parse import urlsplit, urlunsplit

os.environ["SHEN_TESTING"] = "1"
# Playwright's sync API runs an event loop in the test thread; the ORM calls
# made by live-server tests around it are still synchronous.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
# The test process whose broker and queue these are: this one, or, in a Celery worker a
# test started, that test's process (tests/games/workers.py says so). Not inherited
# any other way: pytest-xdist's workers are children of one pytest process, and sharing
# its name they took each other's tasks (and emptied each other's broker folder).
TEST_PROCESS = os.environ.get("SHEN_WORKER_OF_TEST_PROCESS") or str(os.getpid())
# On Redis, the worker tests' killed worker's chunk comes back within seconds, not an hour.
os.environ.setdefault("SHEN_TASK_VISIBILITY_SECONDS", "5")
# A filesystem broker of the test process's own, never the one `make run` uses.
os.environ["SHEN_BROKER_DIR"] = os.path.join(
    tempfile.gettempdir(), f"shen-test-broker-{TEST_PROCESS}"
)

from shen_site.env import env_bool  # noqa: E402
from shen_site.settings import *  # noqa: E402, F403
from shen_site.settings import CACHES, REDIS_URL, REST_FRAMEWORK, celery_queues  # noqa: E402

REST_FRAMEWORK = {
    **REST_FRAMEWORK,
    "DEFAULT_THROTTLE_RATES": {
        scope: "10000/minute" for scope in ("anon", "expensive", "replay", "new_match", "note")
    },
}

if REDIS_URL:
    # Each pytest-xdist worker gets a Redis database of its own, counted on from the
    # URL's (the broker's, whose queues a cache clear would empty), so clearing the
    # cache between tests never touches another worker's keys, nor another run's
    # given another database.
    _worker = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw") or 0)
    _url = urlsplit(REDIS_URL)
    _broker = int(_url.path.strip("/") or 0)
    _redis = {
        **CACHES["default"],
        "LOCATION": urlunsplit(_url._replace(path=f"/{(_broker + 1 + _worker) % 16}")),
    }
    CACHES = {"default": _redis, "throttle": _redis}
else:
    # One test process: memory is shared enough, and faster than files.
    CACHES = {
        name: {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": name}
        for name in CACHES
    }
# Throttle counts in the throttle cache, which every test starts empty (tests/conftest.py).
THROTTLE_COUNTS_DIR = None

# A queue of this test process's own, so that test workers on a shared Redis never take
# another test process's tasks (a worker the test starts inherits the name).
CELERY_TASK_DEFAULT_QUEUE = f"shen-test-{TEST_PROCESS}"
CELERY_TASK_QUEUES, CELERY_TASK_ROUTES = celery_queues(CELERY_TASK_DEFAULT_QUEUE)

# Tasks run in the test's own process unless a test asks for the broker (the worker
# tests start a real worker on a filesystem broker of their own).
CELERY_TASK_ALWAYS_EAGER = env_bool("SHEN_CELERY_EAGER", default=True)
