"""The rules pages: the rulebooks of the rulesets, one page each."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_safe

from games.rulebooks import RULEBOOK_FILES, UnknownRuleset, rulebook


@require_safe
def rules_index(request: HttpRequest) -> HttpResponse:
    """Every ruleset with a rulebook."""
    books = [(rulebook(ruleset), entry.summary) for ruleset, entry in RULEBOOK_FILES.items()]
    return render(request, "games/rules_index.html", {"books": books})


@require_safe
def rules_page(request: HttpRequest, ruleset: str) -> HttpResponse:
    """One ruleset's rulebook, with a table of contents and an anchor per rule."""
    try:
        book = rulebook(ruleset)
    except UnknownRuleset:
        raise Http404(f"No rulebook for a ruleset named {ruleset!r}.") from None
    # Rendered with raw HTML switched off (games.rulebooks): the markup is the renderer's.
    body = mark_safe(book.html)
    return render(request, "games/rules_page.html", {"book": book, "body": body})
