"""Suggestions for the search box as a player types: a small JSON answer, bounded in cost."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_safe

from cards.models import Card
from cards.search import MAX_QUERY_LENGTH
from cards.search.suggest import LIMIT, suggestions
from cards.search.vocabulary import catalogue_vocabulary
from shen_site.json_input import unwanted_character


def card_names(partial: str, limit: int) -> list[str]:
    """Up to ``limit`` card names containing ``partial``, those starting with it first."""
    if limit <= 0 or unwanted_character(partial):
        # No name holds a control character; a NUL would fail inside PostgreSQL's lookup.
        return []
    names = Card.objects.filter(name__icontains=partial).order_by("name")
    found = list(names.values_list("name", flat=True)[: max(limit, LIMIT) * 4])
    found.sort(key=lambda name: not name.lower().startswith(partial.lower()))
    return found[:limit]


@require_safe
def search_suggest(request: HttpRequest) -> JsonResponse:
    """``{"suggestions": [{"kind", "label", "query"}, ...]}`` completing the last token of ``q``."""
    text = request.GET.get("q", "")
    if len(text) > MAX_QUERY_LENGTH:
        message = f"Query too long: the limit is {MAX_QUERY_LENGTH} characters"
        return JsonResponse({"error": message}, status=400)
    found = suggestions(text, catalogue_vocabulary, card_names)
    response = JsonResponse({"suggestions": [s.as_dict() for s in found]})
    response["Cache-Control"] = "max-age=60"
    return response
