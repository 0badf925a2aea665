"""The Content-Security-Policy: django-csp's middleware, plus one rule for documents we hand out.

A response with a Content-Disposition header (an export: the printable decklist
sheet shown in the browser, a download) is a standalone document that carries its
own styles inline and runs no script at all, so it gets a policy of its own.
"""

from __future__ import annotations

from csp.constants import NONE, UNSAFE_INLINE
from csp.middleware import CSPMiddleware, PolicyParts
from django.http import HttpRequest, HttpResponseBase

STANDALONE_DOCUMENT_DIRECTIVES = {
    "default-src": [NONE],
    "style-src": [UNSAFE_INLINE],
    "img-src": ["data:"],
    "base-uri": [NONE],
    "form-action": [NONE],
    "frame-ancestors": [NONE],
}


class ContentSecurityPolicyMiddleware(CSPMiddleware):
    """The site's policy from settings, and no script at all for standalone documents."""

    def get_policy_parts(
        self, request: HttpRequest, response: HttpResponseBase, report_only: bool = False
    ) -> PolicyParts:
        parts = super().get_policy_parts(request, response, report_only)
        if not report_only and response.has_header("Content-Disposition"):
            parts.config, parts.update, parts.replace = STANDALONE_DOCUMENT_DIRECTIVES, None, None
        return parts
