"""The scenario pages: /rules/scenarios/ lists the named scenarios with their boards,
/rules/scenarios/<slug>/ shows one."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from games.models import SCENARIO_RULESETS, Scenario
from games.scenarios.previews import board_preview


@require_safe
def scenario_list(request: HttpRequest) -> HttpResponse:
    """Every active named scenario, with a preview of its board."""
    scenarios = [(s, board_preview(s)) for s in Scenario.objects.filter(is_active=True)]
    return render(
        request,
        "games/scenario_list.html",
        {"scenarios": scenarios, "rulesets": SCENARIO_RULESETS},
    )


@require_safe
def scenario_page(request: HttpRequest, slug: str) -> HttpResponse:
    """One named scenario: its board, anchor points, seats and teams."""
    scenario = get_object_or_404(Scenario, slug=slug, is_active=True)
    return render(
        request,
        "games/scenario_page.html",
        {"scenario": scenario, "preview": board_preview(scenario), "rulesets": SCENARIO_RULESETS},
    )
