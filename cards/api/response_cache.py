"""Rendered catalogue responses, shared between anonymous readers until the catalogue changes,
and answered before the framework's per-request work.

``CatalogueResponseCacheMiddleware`` sits right after the security and static-file
middleware. For an anonymous GET or HEAD of a catalogue API view it reads, in one
cache round trip (which counts the request for the throttle too), the catalogue's
generation (``cards.api.generation``: a token every catalogue write replaces) and
the stored response; a response stored in the
current generation is answered there and then: no database query, no session,
CSRF, authentication or message middleware, no URL dispatch to DRF, no request
wrapping, content negotiation, filtering or rendering. A miss runs the whole stack
and keeps a 200 JSON answer, with the generation read *before* the view read the
database, for the next reader; the view takes the catalogue's version from the
same read when it was kept in this generation (``cards.api.generation``).

- **Who shares**: only requests with neither a session cookie nor an
  ``Authorization`` header, to views that authenticate by nothing else (DRF's
  session and basic authentication); and only answers DRF gave an anonymous user,
  that set no cookie, are stored. Signed-in users (staff or not) always go through
  DRF, so a response never leaks between users whose answers differ.
- **Key**: the absolute URL (page links in a list echo scheme, host and query
  string, so the key does too) and the ``Accept`` header as sent (it picks the
  renderer and ``; indent=4``). Only JSON is stored: the browsable API shows the
  user and forms. The entry carries its generation: after a write it is a miss,
  and the next miss overwrites it; a timeout lets the cache drop it.
- **Headers**: an entry keeps every header the inner middleware and the view set
  (Vary, ETag, Last-Modified, Allow, ...; never Set-Cookie), so a hit answers with
  the same headers as a miss, and answers If-None-Match / If-Modified-Since with
  304 just as the view does (``cards.api.conditional``).
- **Throttling**: every request is counted as the entry is read, for the view's own
  throttle classes run on the plain request as an anonymous user (for the
  anonymous throttle: one counter increment, sent to Redis in the same round trip
  as the read: ``shen_site.throttling.read_counting``). The count is kept on the
  request, so a miss is not counted again by DRF's throttle. A hit the throttle
  refuses goes on through DRF, which answers 429.

Entries are ``(generation, content, headers)`` tuples of plain values that any process, of any
release, can read back.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable, Sequence
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseBase, HttpResponseNotModified
from django.urls import Resolver404, get_urlconf, resolve
from django.utils.cache import get_conditional_response
from django.utils.http import parse_http_date_safe
from rest_framework.authentication import BasicAuthentication, SessionAuthentication
from rest_framework.response import Response

from cards.api.generation import GENERATION_KEY, VERSION_KEY, current_generation
from shen_site.api_authentication import LockoutAwareBasicAuthentication
from shen_site.throttling import read_counting

CACHE_SECONDS = 10 * 60
# Bump when the JSON of cards or realms, or an entry's layout, changes, so that a cache
# shared across a deploy (Redis) never answers with the old shape.
_RESPONSE_KIND = "response-4"
_SHARED_FORMATS = {"json"}
# Authentication that the middleware sees before it: the session cookie and the
# Authorization header. A view with any other class is never answered from the cache.
_SEEN_AUTHENTICATION = {
    SessionAuthentication,
    BasicAuthentication,
    LockoutAwareBasicAuthentication,
}
_NOT_FOR_304 = {"content-type", "content-length"}

# Conditional request headers: without any, a hit needs no comparison of dates or tags.
_CONDITIONAL = (
    "HTTP_IF_MATCH",
    "HTTP_IF_NONE_MATCH",
    "HTTP_IF_MODIFIED_SINCE",
    "HTTP_IF_UNMODIFIED_SINCE",
)

Headers = tuple[tuple[str, str], ...]
Entry = tuple[str, bytes, Headers]


def response_cache_key(request: HttpRequest) -> str:
    """The shared cache key for this request's response (any generation)."""
    basis = f"{request.build_absolute_uri()}|{request.META.get('HTTP_ACCEPT', '')}"
    return f"catalogue-{_RESPONSE_KIND}:{hashlib.sha256(basis.encode()).hexdigest()}"


class CatalogueResponseCacheMiddleware:
    """Answers anonymous reads of the catalogue API from the shared cache (see the module)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        view_class = _shared_view_class(request)
        if view_class is None:
            return self.get_response(request)
        key = response_cache_key(request)
        # No session cookie and no Authorization header: the user DRF would see is anonymous.
        request.user = AnonymousUser()
        # Counted for the view's throttles as it is read (one Redis round trip for both);
        # DRF's throttles, on a miss, count it no more.
        found = read_counting(cache, [GENERATION_KEY, key, VERSION_KEY], request, view_class)
        generation = current_generation(found.get(GENERATION_KEY))
        stored: Entry | None = found.get(key)
        if stored is not None and stored[0] == generation and _throttles_allow(request, view_class):
            return _from_entry(request, stored[1], stored[2])
        # For the view: the catalogue's version in this generation, read once a generation.
        request.catalogue_generation = (generation, found.get(VERSION_KEY))
        response = self.get_response(request)
        if _is_storable(response):
            cache.set(key, (generation, *_kept(response)), CACHE_SECONDS)
        return response


def _shared_view_class(request: HttpRequest) -> type | None:
    """The catalogue view class this anonymous read goes to, or None when it is not one."""
    if request.method not in ("GET", "HEAD") or "HTTP_AUTHORIZATION" in request.META:
        return None
    if settings.SESSION_COOKIE_NAME in request.COOKIES:
        return None  # maybe signed in: DRF decides, and the answer is not shared
    return _view_class_at(get_urlconf(), request.path_info)


@functools.lru_cache(maxsize=1024)
def _view_class_at(urlconf: Any, path: str) -> type | None:
    """The sharing catalogue view class ``path`` resolves to in ``urlconf``, if any.

    Remembered: resolving walks the URL patterns, which never change while the
    URLconf is the same (the URLconf is part of the key).
    """
    try:
        match = resolve(path, urlconf)
    except Resolver404:
        return None
    view_class = getattr(match.func, "cls", None)
    if not getattr(view_class, "shares_responses", False):
        return None
    if not set(view_class.authentication_classes) <= _SEEN_AUTHENTICATION:
        return None
    return view_class


def _throttles_allow(request: HttpRequest, view_class: type) -> bool:
    # The view's class stands in for the view: scoped throttles read their scope from it.
    throttles: Sequence = [throttle() for throttle in view_class.throttle_classes]
    return all(throttle.allow_request(request, view_class) for throttle in throttles)


def _is_storable(response: HttpResponseBase) -> bool:
    if not isinstance(response, Response) or response.status_code != 200 or response.cookies:
        return False
    # The user as DRF authenticated them, whatever the authentication class.
    drf_request = (response.renderer_context or {}).get("request")
    anonymous = drf_request is not None and not drf_request.user.is_authenticated
    return anonymous and getattr(response.accepted_renderer, "format", None) in _SHARED_FORMATS


def _kept(response: Response) -> tuple[bytes, Headers]:
    return bytes(response.content), tuple(response.items())


def _from_entry(request: HttpRequest, content: bytes, headers: Headers) -> HttpResponseBase:
    if any(name in request.META for name in _CONDITIONAL):
        conditional = _conditional(request, headers)
        if conditional is not None:
            return conditional
    response = HttpResponse(content)
    for name, value in headers:
        response[name] = value
    return response


def _conditional(request: HttpRequest, headers: Headers) -> HttpResponseBase | None:
    """304 or 412 as the view would answer them, or None to answer the stored response."""
    kept = dict(headers)
    last_modified = parse_http_date_safe(kept.get("Last-Modified", ""))
    conditional = get_conditional_response(
        request, etag=kept.get("ETag"), last_modified=last_modified
    )
    if isinstance(conditional, HttpResponseNotModified):
        for name, value in headers:
            if name.lower() not in _NOT_FOR_304:
                conditional[name] = value
    return conditional  # or 412 when a precondition (If-Match, ...) failed, or None
