"""The rules pages: the rulebooks of the rulesets, one page each, and two side by side."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_safe

from games.rules.comparison import Likeness, compare_rulebooks
from games.rules.rulebooks import RULEBOOK_FILES, UnknownRuleset, rulebook

# A ruleset name longer than this in a query is shown cut short in the error message.
NAME_SHOWN = 60


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
    # Rendered with raw HTML switched off (games.rules.rulebooks): the markup is the renderer's.
    body = mark_safe(book.html)
    others = [name for name in RULEBOOK_FILES if name != ruleset]
    return render(request, "games/rules_page.html", {"book": book, "body": body, "others": others})


@require_safe
def rules_compare(request: HttpRequest) -> HttpResponse:
    """Two rulebooks rule by rule (``?a=<ruleset>&b=<ruleset>``): by default only the rules
    that differ are open, the rest folded; ``show=all`` opens every rule."""
    names = list(RULEBOOK_FILES)
    a = request.GET.get("a") or names[0]
    b = request.GET.get("b") or (names[1] if len(names) > 1 else names[0])
    show_all = request.GET.get("show") == "all"
    context = {"names": names, "a": a, "b": b, "show_all": show_all}
    if unknown := [name for name in (a, b) if name not in RULEBOOK_FILES]:
        shown = ", ".join(repr(name[:NAME_SHOWN]) for name in dict.fromkeys(unknown))
        context["error"] = (
            f"No rulebook for a ruleset named {shown}. Choose from {', '.join(names)}."
        )
        return render(request, "games/rules_compare.html", context, status=404)
    if a == b:
        context["error"] = f"Both sides are {a}: choose two different rulesets to compare."
        return render(request, "games/rules_compare.html", context)
    comparison = compare_rulebooks(rulebook(a), rulebook(b))
    tally = [
        (comparison.count(Likeness.DIFFERS), "differ"),
        (comparison.count(Likeness.ONLY_A), f"only in {a}"),
        (comparison.count(Likeness.ONLY_B), f"only in {b}"),
        (comparison.count(Likeness.SAME), "the same"),
    ]
    context.update(comparison=comparison, tally=[(n, words) for n, words in tally if n])
    return render(request, "games/rules_compare.html", context)
