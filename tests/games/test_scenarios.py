"""Named scenarios on the site (M1): the list and page with board previews, the staff
check, the API (with random and hostile input)."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import Scenario

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("named_scenarios")]

NAMED = {
    "duel": (2, 0, 8, 4),
    "long-duel": (2, 0, 10, 4),
    "three-way": (3, 0, 10, 4),
    "four-corners": (4, 0, 10, 4),
    "two-against-two": (4, 2, 10, 4),
    "six-anchors": (4, 0, 10, 6),
    "six-players": (6, 0, 12, 4),
    "three-against-three": (6, 2, 12, 4),
    "three-pairs": (6, 3, 12, 4),
}


def test_m1_the_named_scenarios_are_there_and_every_one_is_playable():
    assert set(Scenario.objects.values_list("slug", flat=True)) >= set(NAMED)
    for scenario in Scenario.objects.all():
        scenario.full_clean()


def test_m1_the_list_draws_each_named_board(client):
    page = client.get(reverse("games:scenarios")).content.decode()
    for slug, (players, teams, side, anchors) in NAMED.items():
        assert f'href="/rules/scenarios/{slug}/"' in page
        in_teams = f" in {teams} teams" if teams else ""
        assert f"{players} players{in_teams}, {side}×{side}, {anchors} anchor points" in page
    assert page.count('class="scenario-board"') == Scenario.objects.filter(is_active=True).count()


def test_m1_a_scenario_page_shows_its_board_seats_and_anchors(client):
    page = client.get(reverse("games:scenario", args=["six-anchors"])).content.decode()
    assert page.count('class="scenario-anchor"') == 6
    assert page.count("<rect") == 100
    assert "a1, j1, a10, j10, e5, f6" in page
    assert "4 players, 10×10, 6 anchor points" in page


def test_m2_a_team_scenario_says_its_seats_alternate(client):
    page = client.get(reverse("games:scenario", args=["two-against-two"])).content.decode()
    assert "in 2 teams, seated alternately" in page


def test_an_unknown_or_inactive_scenario_is_a_404(client):
    Scenario.objects.filter(slug="duel").update(is_active=False)
    assert client.get("/rules/scenarios/duel/").status_code == 404
    assert client.get("/rules/scenarios/nothing-here/").status_code == 404


@pytest.mark.parametrize(
    "fields, reason",
    [
        ({"players": 6, "width": 4, "height": 4, "anchors": ["a1"]}, "no room for 6"),
        ({"players": 2, "anchors": ["a1", "z9"]}, "z9"),
        ({"players": 5, "teams": 2}, "equal size"),
        ({"players": 2, "width": 17}, "4 to 16"),
        ({"players": 2, "anchors": "a1"}, "list of space names"),
    ],
)
def test_m1_staff_cannot_save_a_scenario_that_cannot_be_played(fields, reason):
    scenario = Scenario(name="Broken", slug="broken", **fields)
    with pytest.raises(ValidationError, match=reason):
        scenario.full_clean()


def test_the_rulebook_has_an_anchor_for_every_m_ruling(client):
    page = client.get(reverse("games:rulebook", args=["beta-2026-07"])).content.decode()
    for number in ("M1", "M2", "M3"):
        assert f'<h3 id="{number.lower()}">{number} ' in page


# -- the API -------------------------------------------------------------------------


def test_the_api_lists_named_scenarios_laid_out(client):
    answer = client.get("/api/scenarios/").json()
    by_slug = (
        {item["slug"]: item for item in answer["results"]}
        if "results" in answer
        else {item["slug"]: item for item in answer}
    )
    three = by_slug["three-way"]["laid_out"]
    assert (three["width"], three["height"]) == (10, 10)
    assert three["anchors"] == ["a1", "j1", "a10", "j10"]


def test_the_api_checks_a_scenario(client):
    answer = client.post(
        "/api/scenarios/check/", {"players": 4, "teams": 2}, content_type="application/json"
    )
    assert answer.status_code == 200
    assert answer.json()["summary"] == "4 players in 2 teams, 10×10, 4 anchor points"


def test_the_api_says_why_a_scenario_cannot_be_played(client):
    answer = client.post(
        "/api/scenarios/check/",
        {"players": 6, "width": 4, "height": 4, "anchors": ["a1"]},
        content_type="application/json",
    )
    assert answer.status_code == 400
    assert "no room for 6 Realm Stones (R7)" in answer.json()["problem"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=8) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
scenario_fields = st.fixed_dictionaries(
    {},
    optional={
        "players": st.integers(-3, 9) | json_values,
        "teams": st.integers(-1, 5) | json_values,
        "width": st.integers(-1, 20) | json_values,
        "height": st.integers(-1, 20) | json_values,
        "anchors": st.lists(
            st.sampled_from(["a1", "j10", "p16", "q1", "A1", "", "a0", "e5"]) | st.text(max_size=5),
            max_size=8,
        )
        | json_values,
    },
)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(fields=scenario_fields)
def test_the_check_answers_any_input_with_200_or_400(client, fields):
    answer = client.post("/api/scenarios/check/", fields, content_type="application/json")
    assert answer.status_code in (200, 400), answer.content
