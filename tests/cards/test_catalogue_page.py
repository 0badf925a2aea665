"""The catalogue page: CardFilter through the page, htmx partials, paging and errors."""

import re

import pytest
from django.urls import reverse

from tests.factories.cards import (
    AbilityFactory,
    AvatarFactory,
    CardFactory,
    ItemFactory,
    RealmFactory,
)

pytestmark = pytest.mark.django_db
URL = reverse("cards:catalogue")


def names(response) -> list[str]:
    """The card names the results show, in order."""
    html = response.content.decode()
    return re.findall(r'class="card-name[^"]*"[^>]*>([^<]+)<', html)


@pytest.fixture
def catalogue():
    ember = RealmFactory(name="Ember", slug="ember", colour="#c0392b", symbol="火")
    tide = RealmFactory(name="Tide", slug="tide", colour="#2471a3", symbol="水")
    AvatarFactory(name="Ash Squire", realm=ember, cost=1, melee=2, defense=1, ranged=0, movement=2)
    AvatarFactory(
        name="Ember Warden",
        realm=ember,
        cost=3,
        melee=3,
        defense=3,
        ranged=1,
        movement=1,
        keywords=" guardian ",
        rarity="rare",
    )
    AvatarFactory(
        name="Still Water",
        realm=tide,
        cost=2,
        melee=1,
        defense=3,
        ranged=2,
        movement=2,
        is_spirit=True,
        keywords=" spirit swift ",
    )
    ItemFactory(name="Tide Blade", realm=tide, cost=1, bonus_melee=1)
    CardFactory(name="Blaze", realm=ember, cost=2, rules_text="Deal damage.")


def test_catalogue_lists_every_card_by_name(client, catalogue):
    response = client.get(URL)
    assert response.status_code == 200
    assert names(response) == ["Ash Squire", "Blaze", "Ember Warden", "Still Water", "Tide Blade"]
    assert "<strong>5</strong> cards" in response.content.decode()


def test_search_box_filters_with_the_syntax(client, catalogue):
    response = client.get(URL, {"q": "kind:avatar cost<=2"})
    assert names(response) == ["Ash Squire", "Still Water"]


def test_kind_checkboxes_take_several_kinds(client, catalogue):
    response = client.get(URL, {"kind": ["item", "action"]})
    assert names(response) == ["Blaze", "Tide Blade"]


def test_realm_filter_reads_slugs(client, catalogue):
    assert names(client.get(URL, {"realm": "tide"})) == ["Still Water", "Tide Blade"]


def test_cost_range_is_inclusive(client, catalogue):
    response = client.get(URL, {"cost_min": 2, "cost_max": 3})
    assert names(response) == ["Blaze", "Ember Warden", "Still Water"]


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"melee_min": 3}, ["Ember Warden"]),
        ({"defense_min": 3, "defense_max": 3}, ["Ember Warden", "Still Water"]),
        ({"ranged_min": 1}, ["Ember Warden", "Still Water"]),
        ({"movement_max": 1}, ["Ember Warden"]),
    ],
)
def test_trait_ranges_filter_avatars(client, catalogue, params, expected):
    assert names(client.get(URL, params)) == expected


def test_spirit_filter(client, catalogue):
    assert names(client.get(URL, {"spirit": "true"})) == ["Still Water"]


def test_rarity_filter(client, catalogue):
    assert names(client.get(URL, {"rarity": "rare"})) == ["Ember Warden"]


def test_keyword_filter_matches_a_whole_keyword(client, catalogue):
    assert names(client.get(URL, {"keyword": "swift"})) == ["Still Water"]


def test_sort_by_cost_descending(client, catalogue):
    assert names(client.get(URL, {"sort": "-cost"}))[0] == "Ember Warden"


def test_filter_form_keeps_the_chosen_values(client, catalogue):
    html = client.get(URL, {"kind": "avatar", "cost_min": "2", "sort": "-cost"}).content.decode()
    assert re.search(r'<input type="checkbox" name="kind" value="avatar"[^>]*checked', html)
    assert 'name="cost_min" id="id_cost_min" value="2"' in html
    assert '<option value="-cost" selected>' in html


def test_every_filter_has_a_label(client, catalogue):
    html = client.get(URL).content.decode()
    ids = set(re.findall(r'<(?:input|select)[^>]* id="([^"]+)"', html))
    labelled = set(re.findall(r'<label[^>]* for="([^"]+)"', html))
    wrapped = set(re.findall(r'<label[^>]*>\s*<input[^>]* id="([^"]+)"', html))
    assert ids - labelled - wrapped == set()


def test_list_view_shows_a_table_with_traits(client, catalogue):
    html = client.get(URL, {"view": "list"}).content.decode()
    assert '<table class="card-table">' in html
    assert "3–3–1" in html


def test_grid_view_shows_card_faces(client, catalogue):
    html = client.get(URL).content.decode()
    assert html.count('class="card-face-svg"') == 5


def test_htmx_request_gets_only_the_results_partial(client, catalogue):
    response = client.get(URL, {"q": "kind:item"}, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert "<html" not in html
    assert 'id="catalogue-form"' not in html
    assert names(response) == ["Tide Blade"]
    assert "HX-Request" in response["Vary"]


def test_htmx_history_restore_gets_the_whole_page(client, catalogue):
    headers = {"HX-Request": "true", "HX-History-Restore-Request": "true"}
    assert "<html" in client.get(URL, headers=headers).content.decode()


def test_form_is_an_htmx_get_that_pushes_the_url(client, catalogue):
    html = client.get(URL).content.decode()
    form = re.search(r'<form id="catalogue-form"[^>]*>', html).group()
    assert 'method="get"' in form
    assert 'hx-get="/"' in form
    assert 'hx-target="#results"' in form
    assert 'hx-push-url="true"' in form


@pytest.fixture
def two_pages():
    """30 Avatars: 24 on the first page, the last 6 on the second."""
    realm = RealmFactory()
    for number in range(30):
        AvatarFactory(name=f"Avatar {number:02}", realm=realm)
    return [f"Avatar {number:02}" for number in range(24, 30)]


def test_pages_keep_the_query_in_their_links(client, two_pages):
    response = client.get(URL, {"q": "kind:avatar", "per_page": 24})
    assert len(names(response)) == 24
    html = response.content.decode()
    assert 'href="/?q=kind%3Aavatar&amp;per_page=24&amp;page=2"' in html
    second = client.get(URL, {"q": "kind:avatar", "per_page": 24, "page": 2})
    assert names(second) == two_pages


@pytest.mark.parametrize("asked", ["3", "99", "99999999999999999999999"])
def test_a_page_past_the_end_redirects_to_the_last_page_keeping_the_query(client, two_pages, asked):
    response = client.get(URL, {"q": "kind:avatar", "page": asked})
    assert response.status_code == 302
    assert response["Location"] == "/?q=kind%3Aavatar&page=2"
    assert names(client.get(response["Location"])) == two_pages


def test_a_page_that_is_no_number_redirects_to_the_first(client, catalogue):
    response = client.get(URL, {"page": "nonsense"}, headers={"HX-Request": "true"})
    assert response.status_code == 302 and response["Location"] == "/?page=1"


def test_syntax_error_points_at_the_bad_token_with_no_results(client, catalogue):
    response = client.get(URL, {"q": "kind:avatar cost<cheap"})
    assert response.status_code == 200
    html = response.content.decode()
    assert names(response) == []
    assert "<strong>0</strong> cards" in html
    assert '<code>kind:avatar cost&lt;<mark class="bad-token"' in html
    assert ">cheap</mark></code>" in html


def test_unknown_field_error_is_not_a_500(client, catalogue):
    response = client.get(URL, {"q": "colour:red ("})
    assert response.status_code == 200
    assert 'role="alert"' in response.content.decode()


def test_invalid_filter_value_gives_a_clear_message_and_no_results(client, catalogue):
    response = client.get(URL, {"cost_min": "lots", "kind": "dragon"})
    assert response.status_code == 200
    html = response.content.decode()
    assert names(response) == []
    assert "Some filters are not valid" in html
    assert "Kind:" in html
    assert "Cost:" in html


def test_invalid_display_choice_falls_back_to_the_grid(client, catalogue):
    response = client.get(URL, {"view": "mosaic", "per_page": "7"})
    assert response.status_code == 200
    assert 'class="card-grid"' in response.content.decode()


def test_page_is_a_constant_number_of_queries(client, django_assert_max_num_queries):
    realm = RealmFactory()
    for number in range(40):
        card = AvatarFactory(name=f"Avatar {number:02}", realm=realm)
        AbilityFactory(card=card)
    with django_assert_max_num_queries(5):
        response = client.get(URL, {"per_page": 96})
    assert names(response) == [f"Avatar {number:02}" for number in range(40)]


@pytest.mark.parametrize(
    "params",
    [
        {"q": "\x00"},
        {"q": "(" * 50},
        {"q": "a" * 1000},
        {"q": '"unclosed'},
        {"cost_min": "-1"},
        {"cost_max": "99999999999999999999"},
        {"realm": "nowhere"},
        {"sort": "password"},
        {"spirit": "maybe"},
        {"keyword": "two words"},
        {"page": "99999999999999999999999"},
        {"per_page": "100000"},
    ],
)
def test_hostile_query_strings_never_fail_the_page(client, catalogue, params):
    # A page past the end is a redirect to the last page: followed, as a browser does.
    page = client.get(URL, params, follow=True)
    partial = client.get(URL, params, headers={"HX-Request": "true"}, follow=True)
    assert page.status_code == partial.status_code == 200
    assert "<html" in page.content.decode() and "<html" not in partial.content.decode()
    for response in (page, partial):
        assert 'class="result-count"' in response.content.decode()


def test_checkbox_groups_have_plain_legends(client, catalogue):
    html = client.get(URL).content.decode()
    assert re.findall(r"<legend>([^<]+)</legend>", html)[:3] == ["Kind", "Realm", "Rarity"]
