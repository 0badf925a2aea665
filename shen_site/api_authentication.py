"""HTTP Basic for the API that says so when django-axes has locked the account out.

Axes refuses a locked-out username and address before any password check, but
through DRF the refusal came back as "Invalid username/password." (401/403): a
script could not tell a lockout from a typo, and the lockout page never showed.
Here it is a 429 with ``Retry-After`` (the cool-off) and a message, the status
the log-in page's lockout answers with too.
"""

from __future__ import annotations

import math

from django.conf import settings
from django.urls import reverse
from drf_spectacular.authentication import BasicScheme
from rest_framework.authentication import BasicAuthentication
from rest_framework.exceptions import AuthenticationFailed, Throttled
from rest_framework.request import Request


class LockedOut(Throttled):
    default_code = "locked_out"


class LockoutAwareBasicAuthentication(BasicAuthentication):
    """DRF's HTTP Basic; a username and address locked out by axes get a 429, not a 401."""

    def authenticate_credentials(self, userid: str, password: str, request: Request | None = None):
        try:
            return super().authenticate_credentials(userid, password, request)
        except AuthenticationFailed:
            # Set by AxesStandaloneBackend on the request it was given: DRF's own.
            if getattr(request, "axes_locked_out", False):
                raise locked_out() from None
            raise


def locked_out() -> LockedOut:
    wait = math.ceil(settings.AXES_COOLOFF_TIME.total_seconds())
    return LockedOut(
        wait=wait,
        detail=(
            f"Too many wrong passwords for this account from this address: try again in "
            f"{math.ceil(wait / 60)} minutes, or set a new password at "
            f"{reverse('password_reset')}."
        ),
    )


class LockoutAwareBasicScheme(BasicScheme):
    """The OpenAPI schema shows it as plain HTTP Basic (a subclass is not found otherwise)."""

    target_class = LockoutAwareBasicAuthentication
