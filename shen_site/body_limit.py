"""Request bodies over the limit are refused by their declared length, before anything reads them.

Django's ``DATA_UPLOAD_MAX_MEMORY_SIZE`` guards ``request.body`` and ``request.POST``
only: DRF's parsers read the stream themselves (a 72 MB JSON body cost a worker 9 s and
2.25 GB), and the CSRF check parsed a 20 MB upload to its end before the deck import
could refuse it. So the first middleware answers 413 as soon as ``Content-Length`` says
the body is too long (``SHEN_MAX_BODY_BYTES``, 1 MiB; a view may allow more with
:func:`body_limit`, as the replay import does), without reading a byte of it.

A body without a ``Content-Length`` (chunked) is no risk here: Django reads no more of a
request's stream than its declared length, which is then 0. And what is read stays
bounded even so: :func:`bounded_read` is how the JSON parser reads a body.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import IO, Any, TypeVar

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import Resolver404, resolve

View = TypeVar("View")
# The attribute a view (a function, or an APIView class) names its own limit with.
LIMIT_ATTRIBUTE = "max_body_bytes"


class BodyTooLarge(ValueError):
    """A body longer than its view takes; the message says the limit."""


def body_limit(most: int) -> Callable[[View], View]:
    """Let a view (function or APIView class) take bodies of up to ``most`` bytes."""

    def allowing(view: View) -> View:
        setattr(view, LIMIT_ATTRIBUTE, most)
        return view

    return allowing


def view_limit(view: Any) -> int:
    """The most bytes of body ``view`` takes: its own limit, else ``SHEN_MAX_BODY_BYTES``."""
    for holder in (view, getattr(view, "cls", None), getattr(view, "view_class", None)):
        most = getattr(holder, LIMIT_ATTRIBUTE, None)
        if isinstance(most, int):
            return most
    return settings.MAX_BODY_BYTES


def limit_words(most: int) -> str:
    """``most`` bytes as a reader counts them: "1 MiB", "64 KiB"."""
    if most % (1024 * 1024) == 0:
        return f"{most // (1024 * 1024)} MiB"
    return f"{most // 1024} KiB" if most % 1024 == 0 else f"{most} bytes"


def bounded_read(stream: IO[bytes], most: int) -> bytes:
    """The whole of ``stream``, reading at most one byte past ``most``; BodyTooLarge beyond."""
    data = stream.read(most + 1)
    if len(data) > most:
        raise BodyTooLarge(f"The request body is over the limit of {limit_words(most)}.")
    return data


class BodyLimitMiddleware:
    """Answers 413 (JSON under /api/, text elsewhere) to a body declared over its limit,
    and 400 to a Content-Length that is not a length."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        declared = request.META.get("CONTENT_LENGTH") or "0"
        if not declared.isdecimal():
            return _refusal(request, 400, "The request's Content-Length is not a length.")
        length = int(declared)
        # Only a body over the site's limit costs a look-up of the view's own.
        if length > settings.MAX_BODY_BYTES:
            most = _limit_of_path(request.path_info)
            if length > most:
                message = f"The request body is {length} bytes; the limit is {limit_words(most)}."
                return _refusal(request, 413, message)
        return self.get_response(request)


def _limit_of_path(path: str) -> int:
    try:
        return view_limit(resolve(path).func)
    except Resolver404:
        return settings.MAX_BODY_BYTES


def _refusal(request: HttpRequest, status: int, message: str) -> HttpResponse:
    if request.path_info.startswith("/api/"):
        response: HttpResponse = JsonResponse({"detail": message}, status=status)
    else:
        response = HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")
    return response
