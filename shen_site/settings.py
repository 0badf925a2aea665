"""Settings for Shén Lab, read from the environment (see README "Configuration").

Embedded default: SQLite, a file-based cache every worker shares, and Celery on
kombu's filesystem broker, so the site and its worker run with nothing else installed.
`DATABASE_URL` switches to PostgreSQL and `REDIS_URL` makes Redis the Celery
broker and the cache.
"""

from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONCE, NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from kombu import Exchange, Queue

from shen_site.env import (
    env_bool,
    env_int,
    env_list,
    env_path,
    env_required,
    env_smtp_url,
    env_str,
)

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", default=False)
TESTING = env_bool("SHEN_TESTING", default=False)

if DEBUG or TESTING:
    SECRET_KEY = env_str("SHEN_SECRET_KEY") or "insecure-development-key-never-used-in-production"
    ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ("127.0.0.1", "localhost", "testserver"))
else:
    SECRET_KEY = env_required("SHEN_SECRET_KEY", why="when DEBUG is off")
    ALLOWED_HOSTS = env_list("ALLOWED_HOSTS")
    if not ALLOWED_HOSTS:
        raise ImproperlyConfigured("ALLOWED_HOSTS must be set when DEBUG is off")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "template_partials",
    "axes",
    "cards",
    "decks",
    "games",
]

MIDDLEWARE = [
    # First: a header no HTTP server should pass on (gunicorn refuses it) reaches nothing.
    "shen_site.header_check.HeaderCheckMiddleware",
    # A body declared over its limit is a 413 before anything reads it (CSRF, parsers).
    "shen_site.body_limit.BodyLimitMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Anonymous catalogue API reads answered from the shared cache, before the rest.
    "cards.api.response_cache.CatalogueResponseCacheMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "shen_site.csp.ContentSecurityPolicyMiddleware",
    # Last, as django-axes asks: it turns a lockout into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "shen_site.urls"
WSGI_APPLICATION = "shen_site.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "csp.context_processors.nonce",
            ],
        },
    },
]

# --- Data -----------------------------------------------------------------


def sqlite_database(name: str) -> dict:
    """The SQLite database at ``name``, set up for a web server, whichever way it was named
    (the default or a ``sqlite://`` DATABASE_URL): WAL lets readers run beside the one
    writer; every transaction takes the write lock at BEGIN (IMMEDIATE), so a write waits
    its turn (up to the busy timeout) instead of failing half-way with "database is
    locked"."""
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": name,
        "OPTIONS": {
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            "transaction_mode": "IMMEDIATE",
            "timeout": env_int("SHEN_SQLITE_TIMEOUT", 20, minimum=1),
        },
        # A file, not memory, so concurrent tests' threads share one database
        # (pytest-xdist adds a suffix per worker).
        "TEST": {"NAME": str(BASE_DIR / ".test-db.sqlite3")},
        # Kept open like PostgreSQL's: a new SQLite connection re-reads the schema on
        # its first query, which costs more than most catalogue requests.
        "CONN_MAX_AGE": 60,
        "CONN_HEALTH_CHECKS": True,
    }


DATABASE_URL = env_str("DATABASE_URL")
if DATABASE_URL:
    try:
        DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=60)}
    except Exception as error:  # dj-database-url raises several types
        raise ImproperlyConfigured(f"DATABASE_URL is not a database URL: {error}") from None
    if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
        # The URL names only the file: it gets the settings the default database has.
        DATABASES["default"] = sqlite_database(DATABASES["default"]["NAME"])
    elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env_bool(
        "SHEN_PG_PREPARED", default=True
    ):
        # Parameters bound by the server, and a statement run 5 times on a connection kept
        # prepared there (psycopg's threshold): PostgreSQL then skips parsing and planning
        # it, which for an uncached catalogue page cost more than running it.
        DATABASES["default"]["OPTIONS"] = {
            **DATABASES["default"].get("OPTIONS", {}),
            "server_side_binding": True,
            "prepare_threshold": 5,
        }
else:
    DATABASES = {
        "default": sqlite_database(env_str("SHEN_SQLITE_PATH", str(BASE_DIR / "db.sqlite3")))
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env_str("REDIS_URL")
# Every worker must see the same cache, or each keeps its own throttle counts
# (two workers let twice the rate through). Without Redis the cache is files on
# disk: each write is a temporary file renamed into place, so concurrent workers
# never corrupt an entry or fail a request. (Django's database cache on SQLite
# was slower and raised "database is locked" under four writing processes; see
# README "Configuration".) A write lists the directory to cull it, so MAX_ENTRIES
# stays modest. The API throttle counts in a cache of its own (THROTTLE_CACHE),
# so that filling the response cache never culls a client's request history.
if REDIS_URL:
    # Redis down, the cache is bypassed (a miss, a skipped write) rather than every
    # page failing: see shen_site/redis_cache.py. Short timeouts keep a request from hanging.
    _redis = {
        # Django's, keeping one client per connection pool (shen_site.redis_cache).
        "BACKEND": "shen_site.redis_cache.TolerantRedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": env_str("SHEN_CACHE_PREFIX", "shen"),
        "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
    }
    CACHES = {"default": _redis, "throttle": _redis}
else:
    CACHE_DIR = env_path("SHEN_CACHE_DIR", BASE_DIR / "var" / "cache")
    CACHES = {
        name: {
            # Django's, with a cheaper directory listing (shen_site.file_cache).
            "BACKEND": "shen_site.file_cache.ListingFileBasedCache",
            "LOCATION": str(CACHE_DIR / name),
            "OPTIONS": {"MAX_ENTRIES": env_int("SHEN_CACHE_MAX_ENTRIES", 300, minimum=10)},
        }
        for name in ("default", "throttle")
    }
    # Its increment rewrites a counter with the default timeout: at least the longest
    # period a rate may have (a day), so no window ends early.
    CACHES["throttle"]["TIMEOUT"] = 24 * 60 * 60
# Without Redis the throttles count in files, one atomic append a request; with it, in
# the throttle cache (shen_site.throttling).
THROTTLE_COUNTS_DIR = None if REDIS_URL else str(CACHE_DIR / "counts")
# Redis down, the throttles count in files here instead of letting every request through.
THROTTLE_FALLBACK_COUNTS_DIR = str(
    env_path("SHEN_CACHE_DIR", BASE_DIR / "var" / "cache") / "fallback-counts"
)

# --- Celery ---------------------------------------------------------------
# Without Redis the broker is kombu's filesystem transport: each message is a file
# under SHEN_BROKER_DIR, so `make run` starts the site and a worker together
# (manage.py runsite) with nothing else installed, and a request never waits for a
# simulation. No result backend: tasks write their results to the database.
# A worker process killed mid-task gets its task rejected back onto the queue
# (acks late + reject on worker lost); the simulation chunks are idempotent.
BROKER_DIR = env_path("SHEN_BROKER_DIR", BASE_DIR / "var" / "broker")


def unacked_sweep(visibility: int) -> dict[str, int]:
    """kombu's Redis options for how often a worker looks for messages taken by a dead
    worker whose ``visibility`` seconds are up: every sweep scans (kombu's default
    scans on every tenth of its 10 s sweeps, so a dead worker's chunk waited about
    100 s more than the visibility said), every quarter of it, 1 to 10 s apart. A
    sweep is one small sorted-set read per worker."""
    return {
        "unacked_restore_interval": max(1, min(10, visibility // 4)),
        "unacked_restore_throttle": 1,
    }


if REDIS_URL:
    CELERY_BROKER_URL = REDIS_URL
    # A message taken by a worker that died before acknowledging it is delivered again
    # after this many seconds. Longer than any chunk takes, or a slow chunk is played
    # twice (it is still stored once: chunks are idempotent).
    TASK_VISIBILITY_SECONDS = env_int("SHEN_TASK_VISIBILITY_SECONDS", 3600, minimum=1)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": TASK_VISIBILITY_SECONDS,
        **unacked_sweep(TASK_VISIBILITY_SECONDS),
        # Redis down, a request that queues a task tries twice at once and gives up (the
        # bot then answers in the request; a simulation says the service is unavailable):
        # kombu's own retries kept every such request waiting about 6 s first.
        "max_retries": 1,
        "interval_start": 0,
    }
else:
    # The host is only a name (the folders are the broker); kombu warns when it is left out.
    CELERY_BROKER_URL = "filesystem://localhost//"
    # kombu's, writing each message whole before a worker may take it (see the module).
    CELERY_BROKER_TRANSPORT = "shen_site.filesystem_broker:Transport"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(BROKER_DIR / "queue"),
        "data_folder_out": str(BROKER_DIR / "queue"),
        "control_folder": str(BROKER_DIR / "control"),
        "processed_folder": str(BROKER_DIR / "processed"),
        "store_processed": False,
        # How often an idle worker looks for a new message file (seconds). A worker
        # process that finished a chunk waits for this poll to get the next one: at
        # 0.1 s that was 50 ms a chunk on average, 3% of a 25-game chunk of random
        # bots; at 0.02 s an idle worker's polling costs under 1% of a core.
        "polling_interval": 0.02,
    }
CELERY_RESULT_BACKEND = None
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ALWAYS_EAGER = env_bool("SHEN_CELERY_EAGER", default=False)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# No result backend to wait for: a killed pool process's task goes back to the queue
# after 2 s rather than Celery's default 10 s.
CELERY_WORKER_LOST_WAIT = 2.0
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]


def celery_queues(default: str) -> tuple[tuple[Queue, ...], dict[str, dict[str, str]]]:
    """The queues every worker takes from (a worker started without ``-Q`` takes all of
    them) and the routes to them: ``default`` for simulation chunks, and ``default``-bots
    for the bot turns of play-test matches, so that a player's bot never waits behind the
    hundreds of chunks of a long simulation."""
    bots = f"{default}-bots"
    # Each its own exchange and routing key: queues sharing them would each get a copy.
    queues = tuple(Queue(name, Exchange(name), routing_key=name) for name in (default, bots))
    return queues, {"games.bot_turn": {"queue": bots}}


CELERY_TASK_DEFAULT_QUEUE = "celery"
CELERY_TASK_QUEUES, CELERY_TASK_ROUTES = celery_queues(CELERY_TASK_DEFAULT_QUEUE)
# A request that enqueues gives up quickly when the broker is down (the page says the
# simulation service is unavailable) instead of retrying for minutes.
CELERY_BROKER_CONNECTION_TIMEOUT = 3
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True

# --- Simulations -----------------------------------------------------------
# How many chunks of one job are in the queue or being played at once: each finished
# chunk queues the next, so jobs take turns on the workers and a small job waits for a
# few chunks, not behind a big one. At least the number of worker processes, or one
# job alone leaves some idle.
SIMULATION_CHUNKS_AHEAD = env_int("SHEN_SIM_CHUNKS_AHEAD", 4, minimum=1)
# Per account: games of its unfinished jobs not yet played, and unfinished jobs.
SIMULATION_MAX_QUEUED_GAMES = env_int("SHEN_SIM_MAX_QUEUED_GAMES", 200_000, minimum=1)
SIMULATION_MAX_RUNNING_JOBS = env_int("SHEN_SIM_MAX_RUNNING_JOBS", 3, minimum=1)

# --- Auth -----------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
if TESTING:
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
AUTHENTICATION_BACKENDS = [
    # First, so a locked-out username+address is refused before any password check.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "decks:mine"
LOGOUT_REDIRECT_URL = "cards:catalogue"

# --- Password guessing (django-axes) ---------------------------------------
# Failures are counted per username *and* address, on every path that checks a
# password (log-in page, admin, HTTP Basic on the API when it is on). Counting
# by username alone would let anyone lock a player out from anywhere; by
# address alone, one person's typos would lock out a whole shared network.
AXES_FAILURE_LIMIT = env_int("SHEN_LOGIN_FAILURE_LIMIT", 5, minimum=1)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("SHEN_LOGIN_COOLOFF_MINUTES", 15, minimum=1))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_CLIENT_IP_CALLABLE = "shen_site.throttling.client_address"
AXES_USERNAME_CALLABLE = "shen_site.throttling.login_username"
AXES_VERBOSE = False

# Requests for a password-reset link, per e-mail address asked for (whether or not an
# account has it, so the refusal tells nothing) and per client address.
PASSWORD_RESET_RATES = {
    "email": env_str("SHEN_RESET_EMAIL_RATE", "3/hour"),
    "address": env_str("SHEN_RESET_ADDRESS_RATE", "10/hour"),
}
# Sign-ups tried from one client address, and e-mail changes tried on one account: each
# may answer that an address has an account, so neither may be asked without end.
SIGNUP_RATE = env_str("SHEN_SIGNUP_RATE", "20/hour")
EMAIL_CHANGE_RATE = env_str("SHEN_EMAIL_CHANGE_RATE", "10/hour")

# --- E-mail (password reset) -------------------------------------------------
# Printed to the console unless an SMTP server is configured, by URL or by
# Django's own EMAIL_HOST-style variables.
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Shén Lab <noreply@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
_smtp = env_smtp_url("SHEN_EMAIL_URL")
if _smtp or env_str("EMAIL_HOST"):
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = _smtp.host if _smtp else env_str("EMAIL_HOST")
    EMAIL_PORT = _smtp.port if _smtp else env_int("EMAIL_PORT", 587, minimum=1)
    EMAIL_HOST_USER = _smtp.user if _smtp else env_str("EMAIL_HOST_USER")
    EMAIL_HOST_PASSWORD = _smtp.password if _smtp else env_str("EMAIL_HOST_PASSWORD")
    EMAIL_USE_SSL = _smtp.use_ssl if _smtp else env_bool("EMAIL_USE_SSL")
    EMAIL_USE_TLS = _smtp.use_tls if _smtp else env_bool("EMAIL_USE_TLS", not EMAIL_USE_SSL)
    EMAIL_TIMEOUT = 10
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"

# --- Content-Security-Policy (django-csp) ----------------------------------
# Scripts and styles come from our own static files only; the one inline
# script a page may need carries the request's nonce. The Swagger UI at
# /api/docs/ is served by SpectacularSwaggerSplitView, whose script is a file too.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "style-src": [SELF, NONCE],
        # Swagger UI's stylesheet draws its icons as data: SVGs.
        "img-src": [SELF, "data:"],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

# --- I18N, static ---------------------------------------------------------
LANGUAGE_CODE = "en-gb"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(env_str("SHEN_STATIC_ROOT", str(BASE_DIR / "staticfiles")))
# In development and tests WhiteNoise serves straight from the finders, so no
# collectstatic is needed before `runserver` or a live-server test.
WHITENOISE_USE_FINDERS = DEBUG or TESTING
WHITENOISE_AUTOREFRESH = DEBUG or TESTING
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG or TESTING
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# --- Security (production) ------------------------------------------------
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
if not DEBUG and not TESTING:
    SECURE_SSL_REDIRECT = env_bool("SHEN_SSL_REDIRECT", default=True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("SHEN_HSTS_SECONDS", 60 * 60 * 24 * 30, minimum=0)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

# --- API ------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    # HTTP Basic sends the password with every request and invites scripted
    # guessing, so production takes the session of the log-in page only; Basic
    # (still under the lockout) is for development and the tests.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        # A locked-out account gets a 429 saying so (shen_site.api_authentication).
        *(
            ["shen_site.api_authentication.LockoutAwareBasicAuthentication"]
            if DEBUG or TESTING
            else []
        ),
    ],
    "DEFAULT_THROTTLE_CLASSES": ["shen_site.throttling.AnonRateThrottle"],
    "DEFAULT_THROTTLE_RATES": {
        "anon": env_str("SHEN_ANON_RATE", "600/minute"),
        # Proxy sheets, registration sheets and odds, per player or address (decks.throttling).
        "expensive": env_str("SHEN_EXPENSIVE_RATE", "20/minute"),
        # Match pages (games.matches.limits): replay states, new matches (imports too), notes.
        "replay": env_str("SHEN_REPLAY_RATE", "120/minute"),
        # Windows of up to 12 states the replay page fetches ahead, to step without asking.
        "replay_window": env_str("SHEN_REPLAY_WINDOW_RATE", "30/minute"),
        "new_match": env_str("SHEN_NEW_MATCH_RATE", "60/hour"),
        "note": env_str("SHEN_NOTE_RATE", "30/minute"),
    },
    # How many proxies of ours add to X-Forwarded-For; 0 ignores the header.
    "NUM_PROXIES": env_int("SHEN_TRUSTED_PROXIES", 0, minimum=0),
    # Bounded nesting, no control characters: bad JSON is a 400 on every endpoint.
    "DEFAULT_PARSER_CLASSES": [
        "shen_site.json_input.BoundedJSONParser",
        "shen_site.form_input.CleanFormParser",
        "shen_site.form_input.CleanMultiPartParser",
    ],
}
# Request bodies: 1 MiB at most unless a view allows more (the replay import), refused by
# their Content-Length before anything reads them (shen_site.body_limit, a 413); uploads
# over 64 KiB go to disk, and the decklist import refuses a request over its own limit.
MAX_BODY_BYTES = env_int("SHEN_MAX_BODY_BYTES", 1024 * 1024, minimum=1024)
DATA_UPLOAD_MAX_MEMORY_SIZE = MAX_BODY_BYTES
# A replay import's last-resort bound (its record is bounded in actions first): a 400 past it.
REPLAY_IMPORT_SECONDS = env_int("SHEN_REPLAY_IMPORT_SECONDS", 5, minimum=1)
FILE_UPLOAD_MAX_MEMORY_SIZE = 64 * 1024
SPECTACULAR_SETTINGS = {
    "TITLE": "Shén Lab API",
    "DESCRIPTION": "The Shén card catalogue, decks and formats.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # The docs page's assets come from drf-spectacular-sidecar's static files, never a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("SHEN_LOG_LEVEL", "INFO")},
}
