"""Settings for the test suite: the real settings, read with SHEN_TESTING on."""

import os

os.environ["SHEN_TESTING"] = "1"
# Playwright's sync API runs an event loop in the test thread; the ORM calls
# made by live-server tests around it are still synchronous.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from shen_site.settings import *  # noqa: E402, F403

REST_FRAMEWORK = {**REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {"anon": "10000/minute"}}  # noqa: F405
