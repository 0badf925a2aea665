"""Who a client is, for the API throttle and the login lockout alike.

Both count by the client's address. `SHEN_TRUSTED_PROXIES` (DRF's NUM_PROXIES)
says how many proxies of ours stand in front: with 0, `X-Forwarded-For` is
ignored and the socket's peer is the client, so a made-up header buys nothing.
"""

from __future__ import annotations

from django.core.cache import caches
from django.http import HttpRequest
from django.utils.connection import ConnectionProxy
from rest_framework import throttling

THROTTLE_CACHE = "throttle"


class AnonRateThrottle(throttling.AnonRateThrottle):
    """DRF's anonymous throttle, its request histories in a cache of their own.

    The response cache holds one entry per distinct URL, so anyone can fill it;
    were the histories kept there, culling it would forget them and let a client
    through again.
    """

    cache = ConnectionProxy(caches, THROTTLE_CACHE)


def client_address(request: HttpRequest) -> str:
    """The client's address as the throttle counts it (see the module docstring)."""
    return throttling.BaseThrottle().get_ident(request)
