"""Request headers holding control characters are refused with a 400, as gunicorn refuses them.

RFC 9110 §5.5: field values containing CR, LF or NUL are invalid and dangerous. Gunicorn
answers them 400 before the site sees them; the development server that ``manage.py
runsite`` runs passed them on, and a NUL in the User-Agent of a failed log-in reached
PostgreSQL through django-axes, a 500 (found by bench/hostile/).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest

# Gunicorn's set: the C0 controls but horizontal tab, and DEL.
INVALID_IN_HEADER = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")
# The headers WSGI passes without the HTTP_ prefix.
UNPREFIXED = frozenset({"CONTENT_TYPE", "CONTENT_LENGTH"})


class HeaderCheckMiddleware:
    """Answers 400, naming the header, when a header's value holds a control character."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        for key, value in request.META.items():
            is_header = key.startswith("HTTP_") or key in UNPREFIXED
            if is_header and isinstance(value, str) and INVALID_IN_HEADER.search(value):
                name = key.removeprefix("HTTP_").replace("_", "-").title()
                return HttpResponseBadRequest(
                    f"The {name} header holds a control character.", content_type="text/plain"
                )
        return self.get_response(request)
