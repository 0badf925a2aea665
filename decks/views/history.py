"""A deck's version history: pages of versions, the diff between any two, naming and restoring."""

from __future__ import annotations

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST, require_safe

from decks.forms import VersionLabelForm, VersionPairForm
from decks.models import Deck, DeckVersion
from decks.services import DeckChangeError, deck_restore_version
from decks.versions import EDIT_GROUP_MINUTES, version_diff, version_label
from decks.views.access import owned_deck, viewable_deck

VERSIONS_PER_PAGE = 20


@require_safe
def history(request: HttpRequest, pk: int) -> HttpResponse:
    """Versions newest first, a page at a time, and the diff between the two chosen
    (default: the last two)."""
    deck = viewable_deck(request, pk)
    versions = deck.versions.order_by("-number")
    page = Paginator(versions, VERSIONS_PER_PAGE).get_page(request.GET.get("page"))
    pair, diff_error = _chosen_pair(request, deck)
    context = {
        "deck": deck,
        "page": page,
        "pair": pair,
        "chosen": (pair[0].number, pair[1].number)
        if pair
        else (request.GET.get("a", ""), request.GET.get("b", "")),
        "changes": version_diff(*pair) if pair else [],
        "diff_error": diff_error,
        "is_owner": deck.owner_id == request.user.pk,
        "latest_number": versions.values_list("number", flat=True).first(),
        "edit_group_minutes": EDIT_GROUP_MINUTES,
    }
    return render(request, "decks/history.html", context, status=400 if diff_error else 200)


def _chosen_pair(
    request: HttpRequest, deck: Deck
) -> tuple[tuple[DeckVersion, DeckVersion] | None, str]:
    """The two versions the query string asks to compare (or the last two), and any error."""
    if "a" not in request.GET and "b" not in request.GET:
        latest = list(deck.versions.order_by("-number")[:2])
        return ((latest[1], latest[0]) if len(latest) == 2 else None), ""
    form = VersionPairForm(request.GET)
    if not form.is_valid():
        return None, "Choose two version numbers to compare."
    a, b = form.cleaned_data["a"], form.cleaned_data["b"]
    found = {version.number: version for version in deck.versions.filter(number__in=(a, b))}
    if a in found and b in found:
        return (found[a], found[b]), ""
    newest = deck.versions.order_by("-number").values_list("number", flat=True).first()
    return None, f"{deck.name} has versions 1 to {newest}."


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


@require_POST
def label(request: HttpRequest, pk: int) -> HttpResponse:
    """Name a version (a blank name removes it); a named version takes no more edits."""
    deck = owned_deck(request, pk)
    form = VersionLabelForm(request.POST)
    if not form.is_valid():
        errors = " ".join(message for field in form.errors.values() for message in field)
        messages.error(request, errors)
        return redirect("decks:history", pk=deck.pk)
    number = form.cleaned_data["number"]
    version = version_label(deck=deck, number=number, label=form.cleaned_data["label"])
    if version is None:
        messages.error(request, f"{deck.name} has no version {number}.")
    elif version.label:
        messages.success(request, f"Named version {number} “{version.label}”.")
    else:
        messages.success(request, f"Version {number} has no name now.")
    return redirect("decks:history", pk=deck.pk)
