"""Simulation pages: my simulations, starting one, a job's page with its live progress,
cancelling it, and watching one of its games in the replay viewer.

The job page polls ``live/`` every second with the ETag of the progress it shows; the
answer is 204 (nothing to swap: htmx leaves the page as it is) until the progress
moves, then the new progress. Once the job is over the answer carries no polling
trigger, so the polling stops, and it holds the results.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from itertools import islice

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from cards.models import CardKind
from cards.revision_words import changes_in_words
from decks.models import Deck
from decks.views.busy import retry_when_busy
from games.matches.options import options_in_words
from games.models.simulations import ChunkStatus, JobStatus, SimulationJob, SimulationKind
from games.simulations.card_table import (
    COLUMNS,
    COUNTED_WORDS,
    FIGURES,
    CardQuery,
    CardTable,
    card_kinds,
    card_rows,
    counted_games,
    kind_label,
)
from games.simulations.charts import (
    difference_svg,
    gauntlet_svg,
    improvement_svg,
    length_histogram_svg,
    win_rate_svg,
)
from games.simulations.confidence import too_few_to_tell
from games.simulations.errata import errata_publish, errata_publish_refusal
from games.simulations.figures import CardFigures, Figures
from games.simulations.forms import SimulationStartForm, abilities_edited, initial_from_job
from games.simulations.games import DECKS, GameSummary
from games.simulations.kinds import arm_labels
from games.simulations.listing import JobFilter, job_rows, paired_shift
from games.simulations.progress import Progress, simulation_progress
from games.simulations.replays import watch_request
from games.simulations.services import (
    SimulationError,
    SimulationUnavailable,
    job_arm_figures,
    job_figures,
    job_gauntlet,
    simulation_cancel,
    simulation_create,
)
from games.simulations.table_results import table_results
from shen_site.record_numbers import record_number

POLL_MILLISECONDS = 1000
# Games of a job listed with a link to the replay viewer.
SAMPLE_GAMES = 10
GAUNTLET_SAMPLE_GAMES = 2
# The id of the card tables' part of a job's page, which htmx swaps when they are sorted.
CARD_TABLES = "card-tables"
# The id of the list of my simulations, which htmx swaps as it is filtered; its length.
JOB_LIST = "simulation-jobs"
LISTED_JOBS = 100


def owned_job(request: HttpRequest, pk: int) -> SimulationJob:
    """One of the user's jobs; anyone else's is a 404, never a hint."""
    jobs = SimulationJob.objects.of_owner(request.user).light()
    return get_object_or_404(jobs, pk=pk)


@require_safe
@login_required
def simulation_list(request: HttpRequest) -> HttpResponse:
    """My simulations, newest first, each told by its kind, what its arms compare, its
    decks, bots, games, headline figure and status (``games.simulations.listing``); of
    one kind, or those a search finds, when asked (``?kind=card_impact&q=hound``)."""
    owned = SimulationJob.objects.of_owner(request.user).light()
    shown = JobFilter(request.GET)
    jobs = list(shown.jobs(owned)[:LISTED_JOBS])
    context = {
        "rows": job_rows(jobs),
        "filter": shown,
        "total": owned.count() if shown.filtering else len(jobs),
    }
    # htmx filtering the list: the list alone (a history restore is the page).
    template = "games/simulation_list.html"
    if request.headers.get("HX-Target") == JOB_LIST and not request.headers.get(
        "HX-History-Restore-Request"
    ):
        template += "#job_list"
    response = render(request, template, context)
    patch_vary_headers(response, ["HX-Request", "HX-Target"])
    return response


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
@retry_when_busy
def simulation_new(request: HttpRequest) -> HttpResponse:
    """The start form (``?deck=<id>`` picks deck A); a refused start keeps the form with
    the reason, answered 400 (or 503 when the workers' queue is down)."""
    initial = {}
    deck = record_number(request.GET.get("deck", ""))
    if deck and Deck.objects.visible_to(request.user).filter(pk=deck).exists():
        initial = {"deck_a": deck}
    base = record_number(request.GET.get("from", ""))
    if base and (job := SimulationJob.objects.of_owner(request.user).filter(pk=base).first()):
        initial = initial_from_job(job, request.GET.get("card", "")[:200])
    form = SimulationStartForm(request.POST or None, user=request.user, initial=initial)
    status = 200
    if request.method == "POST" and (edit := request.POST.get("abilities_edit")):
        return _abilities_edited(request, form, edit)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            job = simulation_create(
                owner=request.user,
                deck_a=data["deck_a"],
                deck_b=data["deck_b"],
                bot_a=data["bot_a"],
                bot_b=data["bot_b"],
                ruleset=data["ruleset"],
                options=form.options(),
                games=data["games"],
                seed=data["seed"],
                kind=data["kind"],
                parameters=form.parameters(),
                scenario=data["scenario"].slug if data["scenario"] else None,
                seat_decks=form.seats()[0],
                seat_bots=form.seats()[1],
            )
        except SimulationError as refused:
            form.add_error(None, form.refusal_words(refused))
            status = refused.status
        else:
            return redirect("simulations:detail", job.pk)
    elif request.method == "POST":
        status = 400
    return render(request, "games/simulation_new.html", {"form": form}, status=status)


def _abilities_edited(request: HttpRequest, form: SimulationStartForm, edit: str) -> HttpResponse:
    """The start form with a step or an ability of the errata's draft added or removed, or
    the draft card's own abilities to start from; nothing is checked or started. htmx
    gets the abilities part alone; a plain submit, the page holding what was sent."""
    editor = abilities_edited(form, edit)
    if request.headers.get("HX-Request"):
        return render(request, "games/simulation_new.html#abilities_editor", {"editor": editor})
    shown = form.unchecked()
    shown.abilities_editor = editor
    return render(request, "games/simulation_new.html", {"form": shown})


@require_safe
@login_required
def simulation_page(request: HttpRequest, pk: int) -> HttpResponse:
    """A job: its settings, its progress (live until it is over) and its results."""
    job = owned_job(request, pk)
    # htmx sorting or filtering the card tables: those alone (a history restore is the page).
    if request.headers.get("HX-Target") == CARD_TABLES and not request.headers.get(
        "HX-History-Restore-Request"
    ):
        response = _live_render(
            request, job, "games/_simulation_card_tables.html", params=request.GET
        )
    else:
        response = _live_render(
            request, job, "games/simulation_page.html", settings=_settings(job), params=request.GET
        )
    patch_vary_headers(response, ["HX-Request", "HX-Target"])
    return response


@require_safe
@login_required
def simulation_card_games(request: HttpRequest, pk: int) -> HttpResponse:
    """A sample of the games one figure of the card tables counts (``?deck=a&card=NAME&
    counts=drawn``), each of which may be watched; anything else is a 404."""
    job = owned_job(request, pk)
    deck, name, figure = (request.GET.get(key, "") for key in ("deck", "card", "counts"))
    if job.is_table or deck not in DECKS or figure not in FIGURES:
        raise Http404("No such figure.")
    cards = job_figures(job).cards[DECKS.index(deck)]
    card = next((card for card in cards if card.name == name), None)
    if card is None:
        raise Http404("No such card in this deck's games.")
    context = {
        "job": job,
        "deck": deck,
        "deck_name": job.name_a if deck == "a" else job.name_b,
        "card": card,
        "figure": figure,
        "heading": COLUMNS[figure],
        "estimate": getattr(card, figure),
        "counted": COUNTED_WORDS[figure],
        "games": [
            (game, _words(game.summary.ending), _result_for(game.summary, deck))
            for game in counted_games(job, deck=deck, card=name, figure=figure)
        ],
        "counted_total": _counted_total(card, figure),
    }
    return render(request, "games/simulation_card_games.html", context)


def _counted_total(card: CardFigures, figure: str) -> int:
    """How many games a figure's sample is drawn from: those it counts, or for "played"
    (a share of every game) those in which the card was played."""
    if figure == "played":
        return round(card.played.value * card.played.count)
    return getattr(card, figure).count


def _result_for(summary: GameSummary, deck: str) -> str:
    """How the game went for ``deck``: "won", "lost" or "draw"."""
    if summary.winner is None:
        return "draw"
    return "won" if summary.winner == deck else "lost"


@require_safe
@login_required
def simulation_live(request: HttpRequest, pk: int) -> HttpResponse:
    """The progress part of the page, or 204 while it is what the client shows."""
    job = owned_job(request, pk)
    progress = simulation_progress(job)
    if progress.etag in request.headers.get("If-None-Match", ""):
        response = HttpResponse(status=204)
        response["ETag"] = progress.etag
        return response
    return _live_render(request, job, "games/_simulation_live.html", progress)


@require_POST
@login_required
@retry_when_busy
def simulation_cancel_view(request: HttpRequest, pk: int) -> HttpResponse:
    """Cancel the job; htmx gets the progress part back, others the page."""
    job = owned_job(request, pk)
    error, status = "", 200
    try:
        job = simulation_cancel(job)
    except SimulationError as refused:
        error, status = str(refused), refused.status
    if request.headers.get("HX-Request"):
        return _live_render(request, job, "games/_simulation_live.html", error=error, status=status)
    return redirect("simulations:detail", job.pk)


@require_POST
@login_required
@retry_when_busy
def simulation_publish(request: HttpRequest, pk: int) -> HttpResponse:
    """Publish an errata what-if's draft as an erratum; refused with the reason."""
    job = owned_job(request, pk)
    try:
        errata_publish(job, request.user)
    except SimulationError as refused:
        return HttpResponse(str(refused), status=refused.status, content_type="text/plain")
    return redirect("simulations:detail", job.pk)


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
@retry_when_busy
def simulation_watch(request: HttpRequest, pk: int, index: int) -> HttpResponse:
    """Game ``index`` of the job's arm ``?arm=`` (0 unless told) in the replay viewer,
    once a worker has played it again into a match record: until then a page that
    polls here (htmx: 204 while it waits) and goes on to the replay. A game the job
    has not played is a 404."""
    job = get_object_or_404(SimulationJob.objects.of_owner(request.user), pk=pk)
    if job.is_table:
        raise Http404("A game of more than two seats cannot be watched yet.")
    arm = _arm_number(request.POST.get("arm") or request.GET.get("arm") or "0")
    try:
        match = watch_request(job=job, index=index, arm=arm, viewer=request.user)
    except SimulationUnavailable as refused:
        return HttpResponse(str(refused), status=refused.status, content_type="text/plain")
    except SimulationError as missing:
        raise Http404(str(missing)) from None
    if match is not None:
        if request.headers.get("HX-Request"):
            response = HttpResponse(status=204)
            response["HX-Redirect"] = reverse("matches:replay", args=[match.pk])
            return response
        return redirect("matches:replay", match.pk)
    if request.method == "POST":
        return redirect(f"{reverse('simulations:watch', args=[job.pk, index])}?arm={arm}")
    if request.headers.get("HX-Request"):
        return HttpResponse(status=204)
    context = {"job": job, "index": index, "arm": arm, "label": _arm_labels(job)[arm]}
    context["poll_ms"] = POLL_MILLISECONDS
    response = render(request, "games/simulation_watch.html", context)
    response["Cache-Control"] = "no-store"
    return response


def _arm_number(text: str) -> int:
    """The arm a watch names (its digits); a 404 for anything else."""
    if not (text.isascii() and text.isdigit() and len(text) <= 3):
        raise Http404("No such arm.")
    return int(text)


def _arm_labels(job: SimulationJob) -> tuple[str, ...]:
    """Each arm's label, for a job of more than one arm (a matchup's is "")."""
    return arm_labels(job.kind, job.parameters, job.ruleset) if job.arm_count > 1 else ("",)


def _live_render(
    request: HttpRequest,
    job: SimulationJob,
    template: str,
    progress=None,
    *,
    error: str = "",
    status: int = 200,
    settings: dict | None = None,
    params: Mapping[str, str] | None = None,
) -> HttpResponse:
    progress = progress or simulation_progress(job)
    context = {
        **(settings or {}),
        "job": job,
        "progress": progress,
        "error": error,
        "poll_ms": POLL_MILLISECONDS,
        "live_headers": json.dumps({"If-None-Match": progress.etag}),
    }
    if progress.is_over:
        context.update(_results(job, progress, params or {}))
        # A job stopped before its end shows what it played, marked as partial.
        context["partial"] = "" if job.status == JobStatus.FINISHED else job.status
        context["can_publish"] = errata_publish_refusal(job, request.user) is None
    response = render(request, template, context, status=status)
    response["ETag"] = progress.etag
    response["Cache-Control"] = "no-store"
    return response


def _settings(job: SimulationJob) -> dict:
    """What the page's heading says the job played, in a player's words: the ruleset
    options (a rule A/B's both arms' side by side) and an errata draft's changes."""
    option_sets = [job.options]
    if job.kind == SimulationKind.RULE_AB:
        option_sets.append(job.parameters.get("options_b", {}))
    changes = job.parameters.get("changes", {}) if job.kind == SimulationKind.ERRATA else {}
    return {
        "option_rows": options_in_words(*option_sets),
        "draft_words": changes_in_words(changes),
        "seat_decks": list(zip(job.names, job.bots, strict=True)),
    }


def _paired_results(job: SimulationJob, progress: Progress) -> dict:
    """A paired job's results: each arm's figures side by side and deck A's paired
    win-rate shift from the first arm to the second, with their charts. A job stopped
    early shows them as soon as one arm played a game: an arm with none says so, and
    the shift pairs only the games both arms played."""
    labels = arm_labels(job.kind, job.parameters, job.ruleset)
    arms = list(zip(labels, job_arm_figures(job), strict=True))
    if not any(figures.games for _, figures in arms):
        return {}
    # The list shows it too: worked out once, then read from the cache.
    shift = paired_shift(job, progress)
    charts = [
        win_rate_svg(
            [(f"{label}: {job.name_a} (A)", figures.win_rate) for label, figures in arms],
            title="Deck A's win rate in each arm",
        ),
        difference_svg([(arms[1][0], shift)], title="Paired shift of deck A's win rate"),
    ]
    return {
        "arms": arms,
        "shift": shift,
        "too_few_to_tell": too_few_to_tell(shift),
        "charts": [mark_safe(chart) for chart in charts],  # escaped by simulation_charts
        "samples": _samples(job),
    }


def _gauntlet_results(job: SimulationJob) -> dict:
    """A gauntlet's results: the matrix of win rates with intervals, and its heat map."""
    gauntlet = job_gauntlet(job)
    decks, opponents = job.parameters["decks"], job.parameters["opponents"]
    chart = gauntlet_svg(gauntlet, decks, opponents, title="Win rate of each deck (row)")
    rows = [
        (name, [*cells, overall])
        for name, cells, overall in zip(decks, gauntlet.cells, gauntlet.overall, strict=True)
    ]
    return {
        "gauntlet_rows": rows,
        "columns": [*opponents, "All"],
        "charts": [mark_safe(chart)],
        "samples": _samples(job),
    }


def _results(job: SimulationJob, progress: Progress, params: Mapping[str, str]) -> dict:
    """What the results part shows: the figures, their charts and a sample of games; a
    matchup's card tables sorted and filtered as ``params`` ask (``CardQuery``)."""
    if job.is_table:
        return table_results(job, params)
    if job.is_paired:
        return _paired_results(job, progress)
    if job.kind == SimulationKind.GAUNTLET:
        return _gauntlet_results(job)
    figures = job_figures(job)
    if not figures.games:
        return {}
    charts = [
        win_rate_svg(
            [(f"{job.name_a} (A)", figures.win_rate), ("First player", figures.first_player)],
            title="Win rates",
        ),
        length_histogram_svg(figures.turns, title="Game length (turns)"),
        *(
            improvement_svg(cards, title=f"{name}: improvement when drawn")
            for name, cards in zip((job.name_a, job.name_b), figures.cards, strict=True)
            if cards
        ),
    ]
    return {
        "figures": figures,
        "charts": [mark_safe(chart) for chart in charts],  # escaped by simulation_charts
        **_card_tables(job, figures, params),
        "samples": _samples(job),
        "endings": [(_words(ending), count) for ending, count in figures.endings],
    }


def _card_tables(job: SimulationJob, figures: Figures, params: Mapping[str, str]) -> dict:
    """Each deck's card table (a deck with no card figures has none), the query they
    follow, the kinds the filter offers and each column's sort link."""
    kinds = [card_kinds(deck) for deck in job.decks[:2]]
    present = {kind for deck in kinds for kind in deck.values()}
    offered = [(kind, kind_label(kind)) for kind in CardKind.values if kind in present]
    query = CardQuery.of(params, [kind for kind, _ in offered])
    tables = [
        CardTable(deck=deck, name=name, rows=card_rows(cards, deck_kinds, query), total=len(cards))
        for deck, name, cards, deck_kinds in zip(
            DECKS, (job.name_a, job.name_b), figures.cards, kinds, strict=True
        )
        if cards
    ]
    columns = [
        (column, heading, query.sort_link(column), query.aria_sort(column))
        for column, heading in COLUMNS.items()
    ]
    return {
        "card_tables": tables,
        "card_query": query,
        "card_kinds": offered,
        "card_columns": columns,
    }


def _samples(job: SimulationJob) -> list[tuple[str, int, list]]:
    """Each arm's first games played (its label, the arm, and (game, summary, ending)
    rows), each of which may be watched: SAMPLE_GAMES of an arm, a few of a gauntlet's
    many pairings."""
    labels = _arm_labels(job)
    shown = SAMPLE_GAMES if len(labels) <= 2 else GAUNTLET_SAMPLE_GAMES
    first = job.chunks.filter(index=0, status=ChunkStatus.DONE).order_by("arm")
    return [
        (
            labels[arm],
            arm,
            [
                (index, summary, _words(summary.ending))
                for index, summary in enumerate(
                    GameSummary.from_json(data) for data in islice(summaries, shown)
                )
            ],
        )
        for arm, summaries in first.values_list("arm", "summaries")
    ]


def _words(name: str) -> str:
    """An ending's name in words ("turn_limit": "turn limit")."""
    return name.replace("_", " ")
