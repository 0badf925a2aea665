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
    "db_options": settings.DATABASES["default"].get("OPTIONS", {}),
    "cache": settings.CACHES["default"]["BACKEND"],
    "caches": {name: settings.CACHES[name] for name in ("default", "throttle")},
    "num_proxies": settings.REST_FRAMEWORK["NUM_PROXIES"],
    "authentication": settings.REST_FRAMEWORK["DEFAULT_AUTHENTICATION_CLASSES"],
    "email": {
        name: getattr(settings, name, None)
        for name in ("EMAIL_BACKEND", "EMAIL_HOST", "EMAIL_PORT", "EMAIL_HOST_USER",
                     "EMAIL_HOST_PASSWORD", "EMAIL_USE_TLS", "EMAIL_USE_SSL")
    },
    "broker": settings.CELERY_BROKER_URL,
    "broker_options": getattr(settings, "CELERY_BROKER_TRANSPORT_OPTIONS", None),
    "broker_transport": getattr(settings, "CELERY_BROKER_TRANSPORT", None),
    "queues": [queue.name for queue in settings.CELERY_TASK_QUEUES],
    "routes": settings.CELERY_TASK_ROUTES,
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
    "SHEN_CACHE_DIR",
    "SHEN_PG_PREPARED",
    "SHEN_BROKER_DIR",
    "SHEN_CELERY_EAGER",
    "SHEN_TRUSTED_PROXIES",
    "SHEN_EMAIL_URL",
    "EMAIL_HOST",
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


def test_default_is_sqlite_with_a_filesystem_broker_and_a_cache_in_files():
    found = loaded(DEBUG="1")
    assert found["engine"] == "django.db.backends.sqlite3"
    # Tasks go to a worker through files under var/broker: a request never runs one.
    assert found["eager"] is False
    assert found["broker"] == "filesystem://localhost//"
    assert found["broker_options"]["data_folder_in"] == str(ROOT / "var" / "broker" / "queue")
    assert found["broker_options"]["data_folder_out"] == found["broker_options"]["data_folder_in"]
    # kombu's transport, writing each message whole before a worker may take it.
    assert found["broker_transport"] == "shen_site.filesystem_broker:Transport"
    # Bot turns have a queue of their own, which every worker takes from too.
    assert found["queues"] == ["celery", "celery-bots"]
    assert found["routes"] == {"games.bot_turn": {"queue": "celery-bots"}}
    for name, cache in found["caches"].items():
        assert cache["BACKEND"].endswith("FileBasedCache")
        assert cache["LOCATION"] == str(ROOT / "var" / "cache" / name)


SHARE_PROBE = """
import sys
import django
django.setup()
from django.core.cache import caches
from cards.api.generation import catalogue_changed, current_generation
from shen_site.throttling import count_request
if sys.argv[1] == "write":
    caches["default"].set("shared", "from another worker", 60)
    catalogue_changed()
print(caches["default"].get("shared"), current_generation())
print(count_request(caches["throttle"], "throttle_anon_10.0.0.1", 60, 630.0)[0])
"""


def test_default_cache_is_shared_between_worker_processes(tmp_path):
    # Two processes, as two gunicorn workers: what one writes the other reads, the
    # catalogue's generation one replaces is the one the other sees, and they count
    # one client's requests together.
    env = {"DEBUG": "1", "SHEN_CACHE_DIR": str(tmp_path)}
    writer = run_with_settings(["-c", SHARE_PROBE, "write"], **env)
    reader = run_with_settings(["-c", SHARE_PROBE, "read"], **env)
    assert writer.returncode == 0, writer.stderr
    assert reader.returncode == 0, reader.stderr
    written, read = writer.stdout.split("\n"), reader.stdout.split("\n")
    assert read[0] == written[0]
    assert read[0].startswith("from another worker ")
    assert (written[1], read[1]) == ("1", "2")


def test_database_url_switches_to_postgresql():
    found = loaded(DEBUG="1", DATABASE_URL="postgres://someone@db.example:5432/shen")
    assert found["engine"] == "django.db.backends.postgresql"
    assert found["db_name"] == "shen"


def test_postgresql_keeps_statements_it_runs_again_prepared():
    found = loaded(
        DEBUG="1", DATABASE_URL="postgres://someone@db.example:5432/shen?sslmode=require"
    )
    options = found["db_options"]
    assert (options["server_side_binding"], options["prepare_threshold"]) == (True, 5)
    assert options["sslmode"] == "require"  # the URL's own options kept


def test_prepared_statements_can_be_turned_off_for_a_pooler():
    url = "postgres://someone@db.example:5432/shen"
    found = loaded(DEBUG="1", DATABASE_URL=url, SHEN_PG_PREPARED="0")
    assert "server_side_binding" not in found["db_options"]
    assert "prepare_threshold" not in found["db_options"]


def test_sqlite_has_no_prepared_statement_options():
    assert "server_side_binding" not in loaded(DEBUG="1")["db_options"]


def test_a_sqlite_database_url_gets_the_default_sqlite_settings(tmp_path):
    # A sqlite:// URL named only the file: it lacked WAL, IMMEDIATE and the busy timeout,
    # and parallel writes answered 503.
    path = tmp_path / "shen.sqlite3"
    found = loaded(DEBUG="1", DATABASE_URL=f"sqlite:///{path}")
    default = loaded(DEBUG="1")
    assert found["engine"] == "django.db.backends.sqlite3"
    assert found["db_name"] == str(path)
    assert found["db_options"] == default["db_options"]
    assert found["db_options"]["transaction_mode"] == "IMMEDIATE"
    assert "journal_mode=WAL" in found["db_options"]["init_command"]
    assert found["db_options"]["timeout"] == 20


def test_redis_url_makes_redis_the_broker_and_the_cache():
    found = loaded(DEBUG="1", REDIS_URL="redis://127.0.0.1:6379/3")
    assert found["broker"] == "redis://127.0.0.1:6379/3"
    assert found["broker_transport"] is None  # the URL's
    # Redis down, a request gives up on the broker at once instead of after ~6 s of retries.
    assert found["broker_options"]["max_retries"] == 1
    assert found["broker_options"]["interval_start"] == 0
    assert found["eager"] is False
    assert found["cache"].endswith("RedisCache")
    assert found["caches"]["throttle"] == found["caches"]["default"]


def test_forwarded_for_is_ignored_unless_proxies_are_trusted():
    assert loaded(DEBUG="1")["num_proxies"] == 0
    assert loaded(DEBUG="1", SHEN_TRUSTED_PROXIES="2")["num_proxies"] == 2


BASIC = "shen_site.api_authentication.LockoutAwareBasicAuthentication"


def test_production_api_takes_no_http_basic_passwords():
    production = loaded(DEBUG="0", SHEN_SECRET_KEY="x" * 50, ALLOWED_HOSTS="shen.example")
    assert BASIC not in production["authentication"]
    assert BASIC in loaded(DEBUG="1")["authentication"]


def test_mail_goes_to_the_console_by_default():
    assert loaded(DEBUG="1")["email"]["EMAIL_BACKEND"].endswith("console.EmailBackend")


def test_email_url_configures_smtp():
    email = loaded(DEBUG="1", SHEN_EMAIL_URL="smtp://lab%40shen:p%2Fss@mail.example:2525")["email"]
    assert email == {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": "mail.example",
        "EMAIL_PORT": 2525,
        "EMAIL_HOST_USER": "lab@shen",
        "EMAIL_HOST_PASSWORD": "p/ss",
        "EMAIL_USE_TLS": True,
        "EMAIL_USE_SSL": False,
    }


def test_smtps_url_uses_tls_from_the_start():
    email = loaded(DEBUG="1", SHEN_EMAIL_URL="smtps://mail.example")["email"]
    assert (email["EMAIL_PORT"], email["EMAIL_USE_SSL"], email["EMAIL_USE_TLS"]) == (
        465,
        True,
        False,
    )


def test_email_host_configures_smtp():
    email = loaded(DEBUG="1", EMAIL_HOST="relay.example")["email"]
    assert email["EMAIL_BACKEND"].endswith("smtp.EmailBackend")
    assert (email["EMAIL_HOST"], email["EMAIL_PORT"], email["EMAIL_USE_TLS"]) == (
        "relay.example",
        587,
        True,
    )


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
        ("SHEN_TRUSTED_PROXIES", "-1", "SHEN_TRUSTED_PROXIES must be at least 0"),
        ("SHEN_EMAIL_URL", "mail.example", "SHEN_EMAIL_URL must look like smtp://"),
        ("SHEN_EMAIL_URL", "smtp://mail.example:port", "SHEN_EMAIL_URL is not an SMTP URL"),
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
