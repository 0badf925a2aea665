"""The builder: catalogue search, slot changes as htmx POSTs, settings autosave, new decks."""

import pytest
from django.urls import reverse

from decks.models import Deck, Visibility
from decks.services import deck_set_slot
from tests.factories.cards import AvatarFactory, CardFactory, RealmFactory
from tests.factories.decks import FormatFactory, StarterFormatFactory

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def bolt():
    return CardFactory(name="Cinder Bolt", realm=RealmFactory(name="Ember"), cost=1)


def change(client, deck, **data):
    return client.post(reverse("decks:builder_change", args=[deck.pk]), data, **HTMX)


def held(deck):
    return dict(((slot.card.name, slot.board), slot.count) for slot in deck.slots.all())


def test_builder_page_shows_search_and_empty_deck(logged_in, deck, bolt):
    response = logged_in.get(reverse("decks:builder", args=[deck.pk]))
    html = response.content.decode()
    assert response.status_code == 200
    assert "Add Cinder Bolt to the main deck" in html
    assert "Deck has 0 cards; Shén Standard needs 40 to 60." in html


def test_search_uses_the_catalogue_search_syntax(logged_in, deck, bolt):
    AvatarFactory(name="Ash Squire")
    response = logged_in.get(reverse("decks:builder_search", args=[deck.pk]), {"q": "kind:avatar"})
    html = response.content.decode()
    assert "Ash Squire" in html
    assert "Cinder Bolt" not in html


def test_search_syntax_error_is_shown_not_raised(logged_in, deck, bolt):
    response = logged_in.get(reverse("decks:builder_search", args=[deck.pk]), {"q": "cost<="})
    assert response.status_code == 200
    assert 'role="alert"' in response.content.decode()


def test_search_filters_by_kind(logged_in, deck, bolt):
    AvatarFactory(name="Ash Squire")
    response = logged_in.get(reverse("decks:builder_search", args=[deck.pk]), {"kind": "action"})
    html = response.content.decode()
    assert "Cinder Bolt" in html and "Ash Squire" not in html


def test_add_puts_one_copy_in_the_main_deck(logged_in, deck, bolt):
    response = change(logged_in, deck, card=bolt.slug, board="main", action="add")
    assert response.status_code == 200
    assert held(deck) == {("Cinder Bolt", "main"): 1}


def test_add_answers_with_deck_pane_and_out_of_band_summary(logged_in, deck, bolt):
    html = change(logged_in, deck, card=bolt.slug, board="main", action="add").content.decode()
    assert 'id="deck-pane"' in html
    assert 'id="deck-summary" class="deck-summary" aria-live="polite" hx-swap-oob="true"' in html
    assert 'id="deck-insights" class="deck-insights" hx-swap-oob="true"' in html
    assert "Deck has 1 card; Shén Standard needs 40 to 60." in html


def test_changes_far_apart_record_a_version_each(logged_in, deck, bolt, edits_far_apart):
    change(logged_in, deck, card=bolt.slug, board="main", action="add")
    change(logged_in, deck, card=bolt.slug, board="main", action="add")
    assert deck.versions.count() == 3


def test_changes_close_together_share_one_version(logged_in, deck, bolt, clock):
    change(logged_in, deck, card=bolt.slug, board="main", action="add")
    clock.advance(minutes=2)
    change(logged_in, deck, card=bolt.slug, board="main", action="add")
    assert deck.versions.count() == 2
    assert deck.versions.get(number=2).edits == 2


def test_remove_takes_one_copy_away(logged_in, deck, bolt):
    deck_set_slot(deck=deck, card=bolt, board="main", count=2)
    change(logged_in, deck, card=bolt.slug, board="main", action="remove")
    assert held(deck) == {("Cinder Bolt", "main"): 1}


def test_remove_of_the_last_copy_empties_the_slot(logged_in, deck, bolt):
    deck_set_slot(deck=deck, card=bolt, board="main", count=1)
    change(logged_in, deck, card=bolt.slug, board="main", action="remove")
    assert held(deck) == {}


def test_set_gives_an_exact_count(logged_in, deck, bolt):
    change(logged_in, deck, card=bolt.slug, board="side", action="set", count=3)
    assert held(deck) == {("Cinder Bolt", "side"): 3}


def test_move_sends_one_copy_to_the_sideboard(logged_in, deck, bolt):
    deck_set_slot(deck=deck, card=bolt, board="main", count=2)
    change(logged_in, deck, card=bolt.slug, board="main", action="move")
    assert held(deck) == {("Cinder Bolt", "main"): 1, ("Cinder Bolt", "side"): 1}


def test_move_of_a_card_not_held_shows_an_error_and_changes_nothing(logged_in, deck, bolt):
    response = change(logged_in, deck, card=bolt.slug, board="side", action="move")
    assert "holds 0 of Cinder Bolt" in response.content.decode()
    assert held(deck) == {}
    assert deck.versions.count() == 1


@pytest.mark.parametrize(
    "data",
    [
        {"card": "no-such-card", "board": "main", "action": "add"},
        {"board": "main", "action": "add"},
        {"card": "cinder-bolt", "board": "attic", "action": "add"},
        {"card": "cinder-bolt", "board": "main", "action": "explode"},
        {"card": "cinder-bolt", "board": "main", "action": "set"},
        {"card": "cinder-bolt", "board": "main", "action": "set", "count": -2},
        {"card": "cinder-bolt", "board": "main", "action": "set", "count": "many"},
    ],
)
def test_bad_change_is_refused_and_changes_nothing(logged_in, deck, bolt, data):
    response = change(logged_in, deck, **data)
    assert response.status_code == 200
    assert 'class="error change-error" role="alert"' in response.content.decode()
    assert held(deck) == {}


def test_each_search_result_shows_the_copies_held_and_the_limit(logged_in, deck, bolt):
    deck_set_slot(deck=deck, card=bolt, board="main", count=2)
    deck_set_slot(deck=deck, card=bolt, board="side", count=1)
    CardFactory(name="Cinder Wall")
    html = logged_in.get(reverse("decks:builder", args=[deck.pk]), {"q": "cinder"}).content.decode()
    assert held_badge(html, "cinder-bolt") == "In the deck: 2+1 of 3"
    assert held_badge(html, "cinder-wall") == "In the deck: 0 of 3"


def held_badge(html: str, slug: str) -> str:
    start = html.index(f'id="held-{slug}"')
    text = html[html.index(">", start) + 1 : html.index("</span>\n", start)]
    text = text.replace('<span class="visually-hidden">', "").replace("</span>", "")
    return " ".join(text.split())


def test_add_refuses_past_the_copy_limit_and_says_sideboard_copies_count(logged_in, deck, bolt):
    deck_set_slot(deck=deck, card=bolt, board="main", count=2)
    deck_set_slot(deck=deck, card=bolt, board="side", count=1)
    versions = deck.versions.count()
    response = change(logged_in, deck, card=bolt.slug, board="main", action="add")
    html = response.content.decode()
    assert (
        "No more Cinder Bolt: Shén Standard allows 3 copies of a card by name, main deck and "
        "sideboard together, and the deck has 3, counting 1 in the sideboard." in html
    )
    assert held(deck) == {("Cinder Bolt", "main"): 2, ("Cinder Bolt", "side"): 1}
    assert deck.versions.count() == versions


def test_a_change_updates_the_search_results_count_out_of_band(logged_in, deck, bolt):
    # builder.js sends the slugs of the search results the page shows.
    data = {"card": bolt.slug, "board": "main", "action": "add", "shown": ["other", bolt.slug]}
    html = change(logged_in, deck, **data).content.decode()
    assert 'id="held-cinder-bolt" class="held in-deck" hx-swap-oob="true"' in html
    assert held_badge(html, "cinder-bolt") == "In the deck: 1 of 3"


def test_a_change_to_a_card_the_search_does_not_show_swaps_no_count(logged_in, deck, bolt):
    """htmx would log htmx:oobErrorNoTarget for a count with no place on the page."""
    html = change(logged_in, deck, card=bolt.slug, board="main", action="add", shown=["other"])
    assert "held-cinder-bolt" not in html.content.decode()
    assert (
        "held-cinder-bolt"
        not in change(logged_in, deck, card=bolt.slug, board="main", action="add").content.decode()
    )


def test_max_adds_up_to_the_copy_limit_in_one_click_and_says_so(logged_in, deck, bolt):
    deck_set_slot(deck=deck, card=bolt, board="side", count=1)
    html = change(logged_in, deck, card=bolt.slug, board="main", action="max").content.decode()
    assert held(deck) == {("Cinder Bolt", "main"): 2, ("Cinder Bolt", "side"): 1}
    assert (
        '<p class="change-note">Added 2 Cinder Bolt, up to the limit: Shén Standard allows '
        "3 copies of a card by name, main deck and sideboard together.</p>" in html
    )


def test_max_at_the_limit_is_refused_in_the_pane(logged_in, deck, bolt):
    deck_set_slot(deck=deck, card=bolt, board="main", count=3)
    html = change(logged_in, deck, card=bolt.slug, board="main", action="max").content.decode()
    assert 'class="error change-error" role="alert">No more Cinder Bolt' in html
    assert held(deck) == {("Cinder Bolt", "main"): 3}


def test_the_first_card_declares_the_home_realm_and_refreshes_the_settings_form(
    logged_in, deck, bolt
):
    html = change(logged_in, deck, card=bolt.slug, board="main", action="add").content.decode()
    deck.refresh_from_db()
    assert deck.home_realm.name == "Ember"
    assert "Home Realm: Ember, the realm of the first cards." in html
    # The form this page keeps shows the realm and the new revision, so it is not stale.
    assert 'aria-labelledby="settings-heading" hx-swap-oob="true"' in html
    assert f'name="revision" value="{deck.revision}"' in html
    assert f'<option value="{deck.home_realm_id}" selected>Ember</option>' in html


def test_later_cards_leave_the_settings_form_alone(logged_in, deck, bolt):
    change(logged_in, deck, card=bolt.slug, board="main", action="add")
    html = change(logged_in, deck, card=bolt.slug, board="main", action="add").content.decode()
    assert "deck-settings" not in html and "Home Realm: Ember, the realm" not in html


def test_set_count_may_go_past_the_limit_and_validation_says_so(logged_in, deck, bolt):
    """Typing a count is deliberate: it is kept, and the verdict names the broken limit."""
    html = change(logged_in, deck, card=bolt.slug, board="main", action="set", count=4)
    assert held(deck) == {("Cinder Bolt", "main"): 4}
    assert "Deck has 4 copies of Cinder Bolt; Shén Standard allows 3" in html.content.decode()


def test_change_without_htmx_redirects_back_to_the_builder(logged_in, deck, bolt):
    response = logged_in.post(
        reverse("decks:builder_change", args=[deck.pk]),
        {"card": bolt.slug, "board": "main", "action": "add"},
    )
    assert response["Location"] == reverse("decks:builder", args=[deck.pk])
    assert held(deck) == {("Cinder Bolt", "main"): 1}


def settings_data(deck, **changes):
    data = {
        "name": deck.name,
        "format": deck.format.pk,
        "home_realm": deck.home_realm_id or "",
        "visibility": deck.visibility,
        "description": deck.description,
        "revision": deck.revision,
    }
    return {**data, **changes}


def test_settings_autosave_renames_the_deck(logged_in, deck):
    response = logged_in.post(
        reverse("decks:builder_settings", args=[deck.pk]),
        settings_data(deck, name="Ember Rush", visibility=Visibility.PUBLIC),
        **HTMX,
    )
    deck.refresh_from_db()
    assert "Saved." in response.content.decode()
    assert (deck.name, deck.visibility) == ("Ember Rush", Visibility.PUBLIC)


def test_settings_change_of_format_revalidates_at_once(logged_in, deck):
    starter = StarterFormatFactory()
    html = logged_in.post(
        reverse("decks:builder_settings", args=[deck.pk]),
        settings_data(deck, format=starter.pk),
        **HTMX,
    ).content.decode()
    assert "Shén Starter needs exactly 4" in html
    assert 'hx-swap-oob="true"' in html


def test_settings_with_an_empty_name_are_refused(logged_in, deck):
    response = logged_in.post(
        reverse("decks:builder_settings", args=[deck.pk]), settings_data(deck, name=""), **HTMX
    )
    deck.refresh_from_db()
    assert "Not saved" in response.content.decode()
    assert deck.name == "Work in progress"


def test_new_deck_opens_the_builder(logged_in, owner):
    response = logged_in.post(
        reverse("decks:new"),
        {"name": "Fresh", "format": FormatFactory().pk, "visibility": "private"},
    )
    deck = Deck.objects.get(name="Fresh")
    assert deck.owner == owner
    assert response["Location"] == reverse("decks:builder", args=[deck.pk])


def test_new_deck_needs_a_login(client):
    assert client.get(reverse("decks:new")).status_code == 302


def test_delete_moves_my_deck_to_recently_deleted(logged_in, deck):
    response = logged_in.post(reverse("decks:delete", args=[deck.pk]))
    assert response["Location"] == reverse("decks:mine")
    assert not Deck.objects.alive().filter(pk=deck.pk).exists()
    assert Deck.objects.deleted().filter(pk=deck.pk).exists()


def test_import_page_makes_a_deck_from_pasted_text(logged_in, owner, bolt):
    response = logged_in.post(
        reverse("decks:import"),
        {"kind": "text", "text": "3 Cinder Bolt", "format": FormatFactory().pk, "name": "Pasted"},
    )
    deck = owner.decks.get(name="Pasted")
    assert response["Location"] == reverse("decks:builder", args=[deck.pk])
    assert held(deck) == {("Cinder Bolt", "main"): 3}


def test_import_page_lists_problems_and_imports_nothing(logged_in, owner, bolt):
    response = logged_in.post(
        reverse("decks:import"),
        {"kind": "text", "text": "3 Cinder Bolt\n2 Nonexistent", "format": FormatFactory().pk},
    )
    assert response.status_code == 400
    assert "Nonexistent" in response.content.decode()
    assert not owner.decks.exists()


def test_import_page_needs_some_text(logged_in, owner):
    response = logged_in.post(reverse("decks:import"), {"kind": "text", "text": "  "})
    assert response.status_code == 400
    assert "Paste a decklist or upload a file." in response.content.decode()


def test_import_page_accepts_an_uploaded_file(logged_in, owner, bolt):
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("deck.txt", b"2 Cinder Bolt\n", content_type="text/plain")
    logged_in.post(
        reverse("decks:import"),
        {"kind": "text", "upload": upload, "format": FormatFactory().pk, "name": "Uploaded"},
    )
    assert held(owner.decks.get(name="Uploaded")) == {("Cinder Bolt", "main"): 2}


def test_import_page_refuses_a_binary_upload(logged_in, owner):
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("deck.txt", b"\xff\xfe\x00\x81", content_type="text/plain")
    response = logged_in.post(reverse("decks:import"), {"kind": "text", "upload": upload})
    assert "not UTF-8 text" in response.content.decode()
    assert not owner.decks.exists()


def test_deck_code_imports_back_to_the_same_deck(logged_in, owner, deck, bolt):
    realm = RealmFactory(name="Tide")
    deck.home_realm = realm
    deck.save()
    deck_set_slot(deck=deck, card=bolt, board="main", count=3)
    deck_set_slot(deck=deck, card=bolt, board="side", count=1)
    code = logged_in.get(reverse("decks:export", args=[deck.pk, "code"])).content.decode()
    logged_in.post(reverse("decks:import"), {"kind": "code", "text": code})
    copy = owner.decks.exclude(pk=deck.pk).get()
    # A code carries cards, format and Home Realm; not the name, to stay short.
    assert (copy.format, copy.home_realm) == (deck.format, realm)
    assert held(copy) == held(deck)


def test_search_treats_the_any_choices_as_no_filter(logged_in, deck, bolt):
    response = logged_in.get(
        reverse("decks:builder_search", args=[deck.pk]),
        {"q": "cinder", "kind": "", "realm": "", "cost_max": ""},
    )
    html = response.content.decode()
    assert "Cinder Bolt" in html
    assert 'role="alert"' not in html


def test_a_new_deck_starts_in_shen_standard(logged_in):
    StarterFormatFactory()
    standard = FormatFactory()
    html = logged_in.get(reverse("decks:new")).content.decode()
    assert f'<option value="{standard.pk}" selected>Shén Standard</option>' in html


def test_the_public_deck_list_says_no_decks_match_once(client):
    html = client.get(reverse("decks:browse"), {"q": "nothing like this"}).content.decode()
    assert html.count("No decks match.") == 1
