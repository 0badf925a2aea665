"""ETag and Last-Modified for catalogue responses, so clients can revalidate for free.

The catalogue's version is read with two small queries (the newest card change
and the card count; the realms' own fields), never by rendering the response.
Deleting a card changes the ETag but not Last-Modified, which cannot see
deletions; clients that send If-None-Match (which takes precedence) always see it.
"""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Callable
from dataclasses import dataclass

from django.db.models import Count, Max
from django.http import HttpResponseBase
from django.views.decorators.http import condition
from rest_framework.request import Request

from cards.models import Card, Realm


@dataclass(frozen=True)
class CatalogueVersion:
    """What changes whenever anything a catalogue response shows changes."""

    last_modified: datetime.datetime | None
    signature: str

    def etag_for(self, request: Request) -> str:
        """A strong ETag for this version of the resource at this URL, in this format."""
        renderer = getattr(request, "accepted_renderer", None)
        media = getattr(renderer, "format", "")
        # The browsable API shows different forms to different users.
        viewer = request.user.pk if media == "api" else ""
        basis = f"{self.signature}|{request.get_full_path()}|{media}|{viewer}"
        return f'"{hashlib.sha256(basis.encode()).hexdigest()[:32]}"'


def catalogue_version() -> CatalogueVersion:
    """The current version of the catalogue (two queries)."""
    cards = Card.objects.aggregate(last=Max("updated_at"), count=Count("id"))
    realms = list(
        Realm.objects.order_by("pk").values_list("pk", "name", "slug", "colour", "symbol")
    )
    last = cards["last"].isoformat() if cards["last"] else "-"
    return CatalogueVersion(cards["last"], f"{last}|{cards['count']}|{realms}")


class ConditionalCatalogueMixin:
    """Answers GET/HEAD of lists and details with ETag/Last-Modified, and 304 when unchanged."""

    def list(self, request: Request, *args, **kwargs) -> HttpResponseBase:
        return _conditionally(super().list, request, *args, **kwargs)

    def retrieve(self, request: Request, *args, **kwargs) -> HttpResponseBase:
        return _conditionally(super().retrieve, request, *args, **kwargs)


def _conditionally(
    handler: Callable[..., HttpResponseBase], request: Request, *args, **kwargs
) -> HttpResponseBase:
    version = catalogue_version()
    view = condition(
        etag_func=lambda request, *args, **kwargs: version.etag_for(request),
        last_modified_func=lambda request, *args, **kwargs: version.last_modified,
    )(handler)
    return view(request, *args, **kwargs)
