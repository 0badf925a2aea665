"""ETag and Last-Modified for catalogue responses, so clients can revalidate for free.
(The shared cache of whole responses, answered before DRF, is ``cards.api.response_cache``.)

Both hang on the catalogue's version (``cards.catalogue_version``, one query; for an
anonymous read, read once per generation of the response cache:
``cards.api.generation.version_of_generation``), never on rendering the response.
Deleting a card changes the ETag but not Last-Modified, which cannot see deletions;
clients that send If-None-Match (which takes precedence) always see it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from django.http import HttpResponseBase
from django.views.decorators.http import condition
from rest_framework.request import Request

from cards.api.generation import version_of_generation
from cards.catalogue_version import CatalogueVersion, catalogue_version


def catalogue_etag(request: Request, version: CatalogueVersion) -> str:
    """A strong ETag for this version of the resource at this URL, in this format."""
    renderer = getattr(request, "accepted_renderer", None)
    media = getattr(renderer, "format", "")
    # The browsable API shows different forms to different users.
    viewer = request.user.pk if media == "api" else ""
    basis = f"{version.digest}|{request.get_full_path()}|{media}|{viewer}"
    return f'"{hashlib.sha256(basis.encode()).hexdigest()[:32]}"'


class ConditionalCatalogueMixin:
    """Answers GET/HEAD of lists and details with ETag/Last-Modified, and 304 when unchanged;
    anonymous JSON reads come from the shared response cache while the catalogue is unchanged.
    """

    # CatalogueResponseCacheMiddleware answers anonymous reads of these views from its cache.
    shares_responses = True

    def list(self, request: Request, *args, **kwargs) -> HttpResponseBase:
        return self._conditionally(super().list, request, *args, **kwargs)

    def retrieve(self, request: Request, *args, **kwargs) -> HttpResponseBase:
        return self._conditionally(super().retrieve, request, *args, **kwargs)

    def _conditionally(
        self, handler: Callable[..., HttpResponseBase], request: Request, *args, **kwargs
    ) -> HttpResponseBase:
        # Read once a request; CataloguePagination reads it too, to keep a list's count
        # for this version.
        version = _request_version(request)
        self.catalogue_version = version
        view = condition(
            etag_func=lambda request, *args, **kwargs: catalogue_etag(request, version),
            last_modified_func=lambda request, *args, **kwargs: version.last_modified,
        )(handler)
        return view(request, *args, **kwargs)


def _request_version(request: Request) -> CatalogueVersion:
    """The catalogue's version for this request: the one of the response cache's
    generation when that cache saw the request (anonymous reads), else the database's."""
    seen = getattr(request, "catalogue_generation", None)
    if seen is None:
        return catalogue_version()
    generation, kept = seen
    return version_of_generation(generation, kept)
