"""Import and export pages: decklists pasted or uploaded in, every export kind out."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.views.decorators.http import require_safe

from decks.forms import DeckImportForm
from decks.importing import DeckImportError, deck_import, import_request_problem
from decks.io.exporting import EXPENSIVE_EXPORTS, EXPORT_KINDS, deck_export, export_filename
from decks.printing import PrintTooLarge
from decks.throttling import expensive_page_refusal
from decks.views.access import viewable_deck

# Shown in the browser rather than downloaded: the printable sheet and the deck code.
SHOWN_INLINE = frozenset({"sheet", "code"})


@require_safe
def export(request: HttpRequest, pk: int, kind: str) -> HttpResponse:
    """The deck as text, JSON, CSV, a deck code, a printable decklist sheet or a PDF proxy sheet."""
    deck = viewable_deck(request, pk)
    if kind not in EXPORT_KINDS:
        raise Http404("No such export.")
    if kind in EXPENSIVE_EXPORTS and (refusal := expensive_page_refusal(request)):
        return refusal
    try:
        exported = deck_export(deck, kind)
    except PrintTooLarge as error:
        return HttpResponseBadRequest(str(error), content_type="text/plain")
    response = HttpResponse(exported, content_type=EXPORT_KINDS[kind].content_type)
    disposition = "inline" if kind in SHOWN_INLINE else "attachment"
    response["Content-Disposition"] = f'{disposition}; filename="{export_filename(deck, kind)}"'
    return response


@login_required
def import_deck(request: HttpRequest) -> HttpResponse:
    """Paste or upload a decklist (text, deck code, JSON, CSV) to make a new deck."""
    if request.method == "POST" and (too_large := import_request_problem(request.META)):
        # Refused before Django reads the body (an upload would go to disk whole first).
        form = DeckImportForm()
        return render(
            request, "decks/import.html", {"form": form, "problems": [too_large]}, status=400
        )
    form = DeckImportForm(request.POST or None, request.FILES or None)
    problems = []
    read_as = ""
    if request.method == "POST" and form.is_valid():
        decklist = form.cleaned_data
        try:
            deck = deck_import(
                owner=request.user,
                text=decklist["text"],
                kind=decklist["kind"],
                format=decklist["format"],
                name=decklist["name"],
                home_realm=decklist["home_realm"],
                keep_valid_lines=decklist["keep_valid_lines"],
            )
        except DeckImportError as error:
            problems = error.problems
            read_as = DeckImportForm.KIND_LABELS[decklist["kind"]]
            if decklist["detected"]:
                read_as += " (detected from the text)"
        else:
            messages.success(request, f"Imported {deck.name}.")
            return redirect("decks:builder", pk=deck.pk)
    status = 400 if request.method == "POST" else 200
    return render(
        request,
        "decks/import.html",
        {"form": form, "problems": problems, "read_as": read_as},
        status=status,
    )
