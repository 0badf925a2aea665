"""Typed readers for settings that come from the environment.

Each reader names the variable in the error, so a bad deployment fails at
start-up with a sentence that says what to fix.
"""

import os
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str = "") -> str:
    """The variable's value with surrounding blanks removed, or `default`."""
    return os.environ.get(name, default).strip()


def env_bool(name: str, default: bool = False) -> bool:
    """A yes/no variable: 1/true/yes/on or 0/false/no/off (any case)."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be true or false (1/0, yes/no, on/off), not {raw!r}")


def env_int(name: str, default: int, *, minimum: int | None = None) -> int:
    """A whole-number variable, optionally with a lower bound."""
    raw = os.environ.get(name)
    if raw is None or not raw.strip():
        return default
    try:
        value = int(raw.strip())
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {raw!r}") from None
    if minimum is not None and value < minimum:
        raise ImproperlyConfigured(f"{name} must be at least {minimum}, not {value}")
    return value


def env_list(name: str, default: tuple[str, ...] = ()) -> list[str]:
    """A comma-separated variable, blanks dropped."""
    raw = os.environ.get(name)
    if raw is None:
        return list(default)
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_required(name: str, *, why: str) -> str:
    """A variable that must be set; `why` says when it is needed."""
    value = env_str(name)
    if not value:
        raise ImproperlyConfigured(f"{name} must be set {why}")
    return value


def env_path(name: str, default: Path) -> Path:
    """A filesystem path variable, or `default`; relative paths are kept as given."""
    raw = env_str(name)
    return Path(raw) if raw else default


@dataclass(frozen=True)
class SmtpServer:
    """Where outgoing mail goes, as Django's EMAIL_* settings want it."""

    host: str
    port: int
    user: str = ""
    password: str = ""
    use_tls: bool = False
    use_ssl: bool = False


_SMTP_SCHEMES = {"smtp": (587, False), "smtps": (465, True)}


def env_smtp_url(name: str) -> SmtpServer | None:
    """`smtp://user:pass@host:587` (STARTTLS) or `smtps://...:465` (TLS from the start).

    `smtp://host:25?tls=0` turns STARTTLS off for a local relay. Unset means None.
    """
    raw = env_str(name)
    if not raw:
        return None
    try:
        url = urlsplit(raw)
        port = url.port
    except ValueError as error:
        raise ImproperlyConfigured(f"{name} is not an SMTP URL: {error}") from None
    if url.scheme not in _SMTP_SCHEMES or not url.hostname:
        raise ImproperlyConfigured(
            f"{name} must look like smtp://user:password@host:587 or smtps://..., not {raw!r}"
        )
    default_port, use_ssl = _SMTP_SCHEMES[url.scheme]
    starttls = parse_qs(url.query).get("tls", ["1"])[-1].strip().lower()
    if starttls not in _TRUE | _FALSE:
        raise ImproperlyConfigured(f"{name}: tls= must be 1 or 0, not {starttls!r}")
    return SmtpServer(
        host=url.hostname,
        port=port or default_port,
        user=unquote(url.username or ""),
        password=unquote(url.password or ""),
        use_tls=not use_ssl and starttls in _TRUE,
        use_ssl=use_ssl,
    )
