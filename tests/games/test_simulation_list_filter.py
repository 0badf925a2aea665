"""My simulations, filtered: of one kind, and those a search finds among the names a row
shows (decks, bots, rulesets, the card replaced or drafted, the substitute, the number),
every word somewhere; htmx gets the list alone; any search answered, never a 500."""

from __future__ import annotations

import re
from html import unescape

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards.models import Card
from games.models.simulations import SimulationKind
from tests.games.simulation_jobs import gauntlet, rule_ab, simulation_start

pytestmark = pytest.mark.django_db

LIST = "/simulations/"


@pytest.fixture
def jobs(alice, alices_deck, bobs_deck, third_deck):
    """Six of Alice's jobs, by name: two matchups, two card impacts, an errata, a gauntlet."""
    squire = Card.objects.get(name="Ashborn Squire")
    made = {
        "matchup": simulation_start(alice, alices_deck, bobs_deck, games=2),
        "greedy": simulation_start(alice, third_deck, bobs_deck, games=2, bot_b="greedy"),
        "hound": simulation_start(
            alice,
            alices_deck,
            bobs_deck,
            games=2,
            kind=SimulationKind.CARD_IMPACT,
            parameters={"card": "Cinder Hound"},
        ),
        "hound third": simulation_start(
            alice,
            alices_deck,
            third_deck,
            games=2,
            kind=SimulationKind.CARD_IMPACT,
            parameters={"card": "Cinder Hound"},
        ),
        "errata": simulation_start(
            alice,
            alices_deck,
            bobs_deck,
            games=2,
            kind=SimulationKind.ERRATA,
            parameters={"card": squire.slug, "changes": {"melee": 3}, "note": "Why."},
        ),
        "gauntlet": gauntlet(alice, alices_deck, bobs_deck, decks=[third_deck], games=2),
    }
    return made


def listed(client, **query) -> list[int]:
    """The numbers of the jobs the list shows for ``query``."""
    response = client.get(LIST, query)
    assert response.status_code == 200
    return [
        int(pk)
        for pk in re.findall(
            r'<th scope="row"><a href="/simulations/(\d+)/"', response.content.decode()
        )
    ]


def pks(jobs, *names) -> list[int]:
    """The jobs named, newest first as the list shows them."""
    return sorted((jobs[name].pk for name in names), reverse=True)


def test_the_list_shows_one_kind_when_asked(alice_in, jobs):
    assert listed(alice_in, kind="card_impact") == pks(jobs, "hound", "hound third")
    assert listed(alice_in) == pks(jobs, *jobs)


def test_a_search_finds_the_card_a_job_replaces_or_drafts(alice_in, jobs):
    assert listed(alice_in, q="hound") == pks(jobs, "hound", "hound third")
    assert listed(alice_in, q="squire") == pks(jobs, "errata")


def test_every_word_of_a_search_is_found_somewhere_in_the_job(alice_in, jobs):
    assert listed(alice_in, q="HOUND third") == pks(jobs, "hound third")
    assert listed(alice_in, q="hound greedy") == []


def test_a_search_finds_decks_bots_and_a_gauntlets_sides(alice_in, jobs):
    assert listed(alice_in, q="greedy") == pks(jobs, "greedy")
    assert listed(alice_in, q="third", kind="gauntlet") == pks(jobs, "gauntlet")
    assert listed(alice_in, q="Third deck") == pks(jobs, "greedy", "hound third", "gauntlet")


def test_a_search_finds_a_job_by_its_number(alice_in, jobs):
    assert jobs["errata"].pk in listed(alice_in, q=str(jobs["errata"].pk))


def test_a_filtered_list_says_how_many_of_all_it_shows(alice_in, jobs):
    page = unescape(alice_in.get(LIST, {"q": "hound"}).content.decode())
    assert "2 of 6 simulations" in page
    empty = unescape(alice_in.get(LIST, {"q": "nothing-like-it"}).content.decode())
    assert "0 of 6 simulations: none matches." in empty and "Show them all" in empty
    assert "No simulations yet" not in empty


def test_htmx_gets_the_list_alone(alice_in, jobs):
    response = alice_in.get(
        LIST, {"q": "hound"}, headers={"HX-Request": "true", "HX-Target": "simulation-jobs"}
    )
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="simulation-jobs">') and "<html" not in page
    assert "HX-Target" in response["Vary"]


def test_a_bad_filter_says_why_and_shows_every_job(alice_in, jobs):
    response = alice_in.get(LIST, {"kind": "poker", "q": "x" * 101})
    page = unescape(response.content.decode())
    assert response.status_code == 200 and 'role="alert"' in page
    assert "Select a valid choice" in page and "at most 100 characters" in page
    assert listed(alice_in, kind="poker") == pks(jobs, *jobs)


def test_another_designers_jobs_are_never_found(client, bob, jobs):
    client.force_login(bob)
    assert listed(client, q="hound") == []


def test_the_filtered_list_reads_a_few_queries_whatever_it_finds(
    alice_in, jobs, django_assert_max_num_queries
):
    alice_in.get(LIST, {"q": "deck"})  # the paired shifts worked out and kept
    with django_assert_max_num_queries(8):
        assert len(listed(alice_in, q="deck")) == 6


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    q=st.text(alphabet=st.characters(exclude_categories=["Cs"]), max_size=120),
    kind=st.one_of(st.sampled_from(["", "rule_ab", "errata"]), st.text(max_size=5)),
)
def test_any_filter_is_answered_never_a_500(alice_in, alice, alices_deck, bobs_deck, q, kind):
    response = alice_in.get(LIST, {"q": q, "kind": kind})
    assert response.status_code in (200, 400)


def test_the_rule_ab_second_ruleset_is_found(alice_in, alice, alices_deck, bobs_deck):
    job = rule_ab(alice, alices_deck, bobs_deck, games=2)
    assert listed(alice_in, q="beta-2026-07", kind="rule_ab") == [job.pk]
