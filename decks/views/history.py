"""A deck's version history: the difference between any two versions, and restoring one."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST, require_safe

from decks.forms import VersionPairForm
from decks.services import DeckChangeError, deck_restore_version
from decks.versions import version_diff
from decks.views.access import owned_deck, viewable_deck


@require_safe
def history(request: HttpRequest, pk: int) -> HttpResponse:
    """Every version, newest first, and the diff between the two chosen (default: the last two)."""
    deck = viewable_deck(request, pk)
    versions = list(deck.versions.order_by("-number"))
    numbers = {version.number: version for version in versions}
    form = VersionPairForm(request.GET or None)
    diff_error = ""
    pair = None
    if form.is_valid():
        a, b = form.cleaned_data["a"], form.cleaned_data["b"]
        if a in numbers and b in numbers:
            pair = (numbers[a], numbers[b])
        else:
            diff_error = f"{deck.name} has versions 1 to {len(versions)}."
    elif form.is_bound:
        diff_error = "Choose two version numbers to compare."
    elif len(versions) >= 2:
        pair = (versions[1], versions[0])
    context = {
        "deck": deck,
        "versions": versions,
        "pair": pair,
        "chosen": (pair[0].number, pair[1].number)
        if pair
        else (request.GET.get("a", ""), request.GET.get("b", "")),
        "changes": version_diff(*pair) if pair else [],
        "diff_error": diff_error,
        "is_owner": deck.owner_id == request.user.pk,
    }
    return render(request, "decks/history.html", context, status=400 if diff_error else 200)


@require_POST
def restore(request: HttpRequest, pk: int) -> HttpResponse:
    """Bring back an earlier version's slots (recorded as a new version)."""
    deck = owned_deck(request, pk)
    try:
        number = int(request.POST.get("number", ""))
        deck_restore_version(deck=deck, number=number)
    except ValueError as error:
        # DeckChangeError is a ValueError too; int() of junk says less, so say it plainly.
        message = str(error) if isinstance(error, DeckChangeError) else "Choose a version."
        messages.error(request, message)
    else:
        messages.success(request, f"Restored version {number}.")
    return redirect("decks:history", pk=deck.pk)
