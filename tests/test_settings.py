"""Settings read from the environment: defaults, switches, and loud failures."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROBE = """
import json
from django.conf import settings
import django
django.setup()
print(json.dumps({
    "engine": settings.DATABASES["default"]["ENGINE"],
    "db_name": settings.DATABASES["default"]["NAME"],
    "cache": settings.CACHES["default"]["BACKEND"],
    "broker": settings.CELERY_BROKER_URL,
    "eager": settings.CELERY_TASK_ALWAYS_EAGER,
    "debug": settings.DEBUG,
    "hosts": settings.ALLOWED_HOSTS,
}))
"""


# What the test run itself sets; each probe starts from an environment without them.
SETTINGS_VARIABLES = {
    "DATABASE_URL",
    "REDIS_URL",
    "DEBUG",
    "SHEN_TESTING",
    "SHEN_SECRET_KEY",
    "ALLOWED_HOSTS",
    "DJANGO_ALLOW_ASYNC_UNSAFE",
}


def run_with_settings(args: list[str], **env: str) -> subprocess.CompletedProcess:
    """Run Python with the real (not the test) settings and exactly these variables."""
    clean = {key: value for key, value in os.environ.items() if key not in SETTINGS_VARIABLES}
    clean.update(env, DJANGO_SETTINGS_MODULE="shen_site.settings")
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=clean, capture_output=True, text=True
    )


def load_settings(**env: str) -> subprocess.CompletedProcess:
    return run_with_settings(["-c", PROBE], **env)


def loaded(**env: str) -> dict:
    result = load_settings(**env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_default_is_sqlite_with_eager_celery_and_local_cache():
    found = loaded(DEBUG="1")
    assert found["engine"] == "django.db.backends.sqlite3"
    assert found["eager"] is True
    assert found["broker"] == "memory://"
    assert found["cache"].endswith("LocMemCache")


def test_database_url_switches_to_postgresql():
    found = loaded(DEBUG="1", DATABASE_URL="postgres://someone@db.example:5432/shen")
    assert found["engine"] == "django.db.backends.postgresql"
    assert found["db_name"] == "shen"


def test_redis_url_makes_redis_the_broker_and_the_cache():
    found = loaded(DEBUG="1", REDIS_URL="redis://127.0.0.1:6379/3")
    assert found["broker"] == "redis://127.0.0.1:6379/3"
    assert found["eager"] is False
    assert found["cache"].endswith("RedisCache")


def test_debug_off_requires_a_secret_key():
    result = load_settings(DEBUG="0", ALLOWED_HOSTS="shen.example")
    assert result.returncode != 0
    assert "SHEN_SECRET_KEY must be set when DEBUG is off" in result.stderr


def test_debug_off_requires_allowed_hosts():
    result = load_settings(DEBUG="0", SHEN_SECRET_KEY="x" * 50)
    assert result.returncode != 0
    assert "ALLOWED_HOSTS must be set when DEBUG is off" in result.stderr


@pytest.mark.parametrize(
    ("variable", "value", "message"),
    [
        ("DEBUG", "maybe", "DEBUG must be true or false"),
        ("SHEN_HSTS_SECONDS", "a month", "SHEN_HSTS_SECONDS must be a whole number"),
        ("DATABASE_URL", "not a url at all", "DATABASE_URL is not a database URL"),
    ],
)
def test_malformed_variable_is_named_in_the_error(variable, value, message):
    env = {"SHEN_SECRET_KEY": "x" * 50, "ALLOWED_HOSTS": "shen.example", variable: value}
    env.setdefault("DEBUG", "0")
    result = load_settings(**env)
    assert result.returncode != 0
    assert message in result.stderr


def test_production_settings_pass_the_deploy_checks():
    result = run_with_settings(
        ["manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        DEBUG="0",
        SHEN_SECRET_KEY="a-long-random-production-secret-" + "k" * 40,
        ALLOWED_HOSTS="shen.example",
    )
    assert result.returncode == 0, result.stdout + result.stderr
