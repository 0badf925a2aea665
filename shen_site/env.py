"""Typed readers for settings that come from the environment.

Each reader names the variable in the error, so a bad deployment fails at
start-up with a sentence that says what to fix.
"""

import os

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
