"""Rendered catalogue responses, shared between anonymous readers until the catalogue changes.

An entry is keyed by the catalogue's version, the absolute URL (the page links in
a list echo its scheme, host and query string exactly, so the key does too) and the
negotiated media type (``; indent=4`` changes the body). Any write changes the
version, so an entry is never invalidated, only no longer asked for; a timeout lets
the cache drop it. Entries are ``(content, content_type)`` tuples: plain values that
any process, of any release, can read back.
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.cache import cache
from django.http import HttpResponse, HttpResponseBase
from rest_framework.request import Request
from rest_framework.response import Response

from cards.api.version import CatalogueVersion

CACHE_SECONDS = 10 * 60
# Bump when the JSON of cards or realms changes shape, so that a cache shared across
# a deploy (Redis) never answers with the old shape.
_RESPONSE_KIND = "response-1"
_SHARED_FORMATS = {"json"}  # the browsable API shows the user and forms: never shared


def response_cache_key(request: Request, version: CatalogueVersion) -> str | None:
    """The shared cache key for this request's response; None when it must not be shared."""
    if request.method not in ("GET", "HEAD") or not request.user.is_anonymous:
        return None
    if request.accepted_renderer.format not in _SHARED_FORMATS:
        return None
    return version.cache_key(
        _RESPONSE_KIND, request.build_absolute_uri(), request.accepted_media_type
    )


def cached_answer(
    handler: Callable[..., HttpResponseBase],
    key: str,
    render: Callable[[Response], None],
) -> Callable[..., HttpResponseBase]:
    """``handler``, answering from the cache when it can and filling it on a 200.

    ``render`` renders a DRF response in place, as the view would have later.
    Errors (raised as exceptions, or any status but 200) are never stored.
    """

    def answer(request: Request, *args, **kwargs) -> HttpResponseBase:
        stored = cache.get(key)
        if stored is not None:
            content, content_type = stored
            return HttpResponse(content, content_type=content_type)
        response = handler(request, *args, **kwargs)
        if response.status_code == 200 and isinstance(response, Response):
            render(response)
            entry = (bytes(response.content), response["Content-Type"])
            cache.set(key, entry, CACHE_SECONDS)
        return response

    return answer
