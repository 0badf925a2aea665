"""The site's error pages: Django's own, without the CSRF check they make first.

Django wraps its error views in `requires_csrf_token`, which runs the whole CSRF check
and so reads the request's form body. A body Django cannot parse (multipart without a
boundary, a form declared UTF-16) then failed again inside the error page, and a 404 or
400 became a 500, or an exception past Django altogether (found by bench/hostile/).
The pages change nothing, so they need no check; a template that shows the token still
gets one (`get_token` sets the cookie on the way out).
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpResponse
from django.views import defaults


def _unchecked(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    # `requires_csrf_token` keeps the view it wraps (functools.wraps).
    return view.__wrapped__


bad_request = _unchecked(defaults.bad_request)
permission_denied = _unchecked(defaults.permission_denied)
page_not_found = _unchecked(defaults.page_not_found)
server_error = _unchecked(defaults.server_error)
