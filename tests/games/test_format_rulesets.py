"""Formats say which rulesets they are played under; a deck's Play-test offers those the
engine can play, and the match service refuses any other, creating nothing.

Which rulesets the engine has changes as rulesets are added, so these tests read
``games.engine.RULESETS`` or put a test ruleset into it, never assume its size."""

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from decks.models import Format
from games import engine
from games.engine.ruleset import BETA_2026_07
from games.matches.errors import MatchError
from games.matches.services import match_create, match_join
from games.models import Match, Status
from games.rulesets import deck_rulesets, format_rulesets, rulesets_refusal
from tests.factories.decks import FormatFactory
from tests.factories.matches import playable_deck

pytestmark = pytest.mark.django_db

VARIANT = "test-variant"


@pytest.fixture
def variant(monkeypatch):
    """The engine with one more ruleset, as when another ruleset's branch lands."""
    rulesets = {**engine.RULESETS, VARIANT: BETA_2026_07.with_options(name=VARIANT)}
    monkeypatch.setattr(engine, "RULESETS", rulesets)
    return VARIANT


def deck_in(owner, realm, rulesets: list[str]):
    """A valid 40-card deck whose format is played under ``rulesets``."""
    deck = playable_deck(owner=owner, realm=realm)
    deck.format = FormatFactory(slug="test-format", name="Test format", rulesets=rulesets)
    deck.save(update_fields=["format"])
    return deck


def offered(client, deck) -> list[str]:
    form = client.get(f"/games/new/?deck={deck.pk}").context["form"]
    return [name for name, _ in form.fields["ruleset"].choices]


# -- the formats' data ----------------------------------------------------------------


def test_the_built_in_formats_name_their_rulesets_F1_F2():
    standard = Format.objects.get(slug="shen-standard")
    assert standard.rulesets == ["beta-2026-07", "beta-2025"]
    assert Format.objects.get(slug="shen-starter").rulesets == ["simplified-0.1"]


@pytest.mark.django_db(transaction=True)
def test_the_migration_makes_each_ruleset_a_one_item_list_and_back():
    executor = MigrationExecutor(connection)
    executor.migrate([("decks", "0004_merge_share_tokens_and_version_grouping")])
    old = executor.loader.project_state(
        [("decks", "0004_merge_share_tokens_and_version_grouping")]
    ).apps
    OldFormat = old.get_model("decks", "Format")
    OldFormat.objects.create(name="Kalter", slug="kalter", min_cards=60, ruleset="kalter")
    OldFormat.objects.update_or_create(
        slug="shen-standard", defaults={"name": "Shén Standard", "min_cards": 40}
    )

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([("decks", "0005_format_rulesets")])
    new = executor.loader.project_state([("decks", "0005_format_rulesets")]).apps
    rulesets = dict(new.get_model("decks", "Format").objects.values_list("slug", "rulesets"))
    assert rulesets["kalter"] == ["kalter"]
    assert rulesets["shen-standard"] == ["beta-2026-07", "beta-2025"]

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([("decks", "0004_merge_share_tokens_and_version_grouping")])
    back = executor.loader.project_state(
        [("decks", "0004_merge_share_tokens_and_version_grouping")]
    ).apps
    assert back.get_model("decks", "Format").objects.get(slug="kalter").ruleset == "kalter"

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.parametrize(
    ("rulesets", "message"),
    [
        (["beta-1999"], "Unknown rulesets: beta-1999."),
        ("beta-2026-07", "Give a list of ruleset names"),
        ([7], "Give a list of ruleset names"),
        (None, "Give a list of ruleset names"),
        (["beta-2026-07", "beta-2026-07"], "Name each ruleset once."),
    ],
)
def test_a_format_names_only_rulesets_the_game_knows(rulesets, message):
    format = FormatFactory.build(slug="edited", name="Edited", rulesets=rulesets)
    with pytest.raises(ValidationError) as refused:
        format.full_clean()
    assert message in " ".join(refused.value.message_dict["rulesets"])


def test_a_format_for_deck_building_only_names_no_ruleset():
    FormatFactory.build(slug="edited", name="Edited", rulesets=[]).full_clean()
    assert rulesets_refusal(["beta-2026-07"], "shen") is None


def test_a_ruleset_the_engine_gains_becomes_valid(variant):
    assert rulesets_refusal(["beta-2026-07", variant], "shen") is None


def test_the_admin_refuses_an_unknown_ruleset(admin_client):
    response = admin_client.post(
        "/admin/decks/format/add/",
        {
            "name": "Odd",
            "slug": "odd",
            "rulesets": '["chess"]',
            "min_cards": "4",
            "sideboard_max": "0",
            "copy_limits_by_rarity": "{}",
            "copy_limits_by_kind": "{}",
            "allowed_kinds": "[]",
            "required_kinds": "{}",
            "list_entries-TOTAL_FORMS": "0",
            "list_entries-INITIAL_FORMS": "0",
        },
    )
    assert response.status_code == 200
    assert "Unknown rulesets: chess." in response.content.decode()
    assert not Format.objects.filter(slug="odd").exists()


def test_the_api_lists_a_formats_rulesets(api_client):
    formats = {row["slug"]: row for row in api_client.get("/api/formats/").json()["results"]}
    assert formats["shen-standard"]["rulesets"] == ["beta-2026-07", "beta-2025"]
    assert "ruleset" not in formats["shen-standard"]


def test_the_deck_page_says_which_rulesets_its_format_is_played_under(client, alice, realms):
    deck = deck_in(alice, realms[0], ["beta-2026-07", "no-such-rules"])
    client.force_login(alice)
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert 'played under <a href="/rules/beta-2026-07/">beta-2026-07</a>' in page
    assert "<code>no-such-rules</code> <span" in page and "(not playable here yet)" in page


# -- the rulesets a deck may be played under ------------------------------------------


def test_only_rulesets_the_engine_knows_are_a_decks(alice, realms):
    deck = deck_in(alice, realms[0], ["no-such-rules", "beta-2026-07"])
    assert deck_rulesets(deck) == ("beta-2026-07",)
    assert format_rulesets(Format(rulesets="not a list")) == ()


def test_the_play_test_offers_the_formats_rulesets_the_engine_knows(alice_in, alice, realms):
    deck = deck_in(alice, realms[0], ["no-such-rules", "beta-2026-07"])
    assert offered(alice_in, deck) == ["beta-2026-07"]


def test_a_standard_deck_is_offered_every_F1_ruleset_the_engine_has(alice_in, alices_deck):
    assert offered(alice_in, alices_deck) == [
        name for name in ["beta-2026-07", "beta-2025"] if name in engine.RULESETS
    ]


def test_a_ruleset_the_engine_gains_is_offered_in_the_formats_order(
    alice_in, alice, realms, variant
):
    deck = deck_in(alice, realms[0], [variant, "beta-2026-07"])
    assert offered(alice_in, deck) == [variant, "beta-2026-07"]
    page = alice_in.get(f"/games/new/?deck={deck.pk}").content.decode()
    assert f'<option value="{variant}" selected>' in page
    response = alice_in.post(
        f"/games/new/?deck={deck.pk}",
        {
            "opponent": "hotseat",
            "ruleset": variant,
            "recovery": "all",
            "max_turns": 30,
            "first_turn": "dice",
        },
    )
    assert response.status_code == 302
    assert Match.objects.get().ruleset == variant


def test_a_ruleset_the_format_does_not_allow_is_refused(alice_in, alice, realms, variant):
    deck = deck_in(alice, realms[0], ["beta-2026-07"])
    with pytest.raises(MatchError, match=r"Test format is not played under 'test-variant'"):
        match_create(owner=alice, deck=deck, mode="hotseat", ruleset=variant)
    response = alice_in.post(
        f"/games/new/?deck={deck.pk}",
        {"opponent": "hotseat", "ruleset": variant, "recovery": "all", "max_turns": 30},
    )
    assert response.status_code == 400
    assert "Select a valid choice" in response.content.decode()
    assert not Match.objects.exists()


def test_without_a_ruleset_a_match_takes_the_formats_first(alice, realms, variant):
    deck = deck_in(alice, realms[0], [variant, "beta-2026-07"])
    assert match_create(owner=alice, deck=deck, mode="hotseat").ruleset == variant


def test_a_deck_whose_rulesets_the_site_cannot_play_says_so(alice_in, alice, realms):
    deck = deck_in(alice, realms[0], ["no-such-rules"])
    page = alice_in.get(f"/games/new/?deck={deck.pk}")
    assert page.status_code == 200
    text = page.content.decode()
    assert "Test format is played under no-such-rules, which this site cannot play yet." in text
    assert "Start the match" not in text
    assert alice_in.post(f"/games/new/?deck={deck.pk}", {"opponent": "hotseat"}).status_code == 400
    with pytest.raises(MatchError, match="cannot play yet"):
        match_create(owner=alice, deck=deck, mode="hotseat")
    assert not Match.objects.exists()


def test_the_api_refuses_a_ruleset_the_format_does_not_allow(api_client, alice, alices_deck):
    api_client.force_authenticate(alice)
    body = {"deck": alices_deck.pk, "opponent": "hotseat", "ruleset": "beta-1999"}
    response = api_client.post("/api/matches/", body, format="json")
    assert response.status_code == 400
    assert "Shén Standard is not played under 'beta-1999'" in response.content.decode()
    assert not Match.objects.exists()


def test_the_opponents_deck_must_be_played_under_the_ruleset_too(alice, bob, realms, variant):
    deck = deck_in(alice, realms[0], [variant, "beta-2026-07"])
    theirs = playable_deck(owner=bob, realm=realms[1], visibility="public")  # Shén Standard
    with pytest.raises(MatchError, match=r"Shén Standard deck, which is not played under test-"):
        match_create(owner=alice, deck=deck, opponent_deck=theirs, mode="hotseat", ruleset=variant)
    assert not Match.objects.exists()
    shared = "beta-2026-07"  # both formats are played under it
    match = match_create(
        owner=alice, deck=deck, opponent_deck=theirs, mode="hotseat", ruleset=shared
    )
    assert match.ruleset == shared


def test_a_friend_joins_only_with_a_deck_played_under_the_matchs_ruleset(
    alice, bob, realms, variant
):
    deck = deck_in(alice, realms[0], [variant])
    invitation = match_create(owner=alice, deck=deck, mode="friend")
    bobs = playable_deck(owner=bob, realm=realms[1])  # Shén Standard: not under the variant
    with pytest.raises(MatchError, match="not played under test-variant"):
        match_join(match=invitation, user=bob, deck=bobs)
    invitation.refresh_from_db()
    assert invitation.status == Status.WAITING and invitation.blue_user_id is None
