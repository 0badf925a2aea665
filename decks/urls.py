"""Deck pages at /decks/: browsing, my decks, the deck page, builder, history, sharing.

The pages anyone with the link may see exist twice under one name: by number
(/decks/7/) and by share token (/decks/s/<token>/), which is how an unlisted deck
is shared; `{% url %}` picks the one that fits `deck.link_key`.
"""

from django.urls import path, register_converter

from decks.converters import ShareTokenConverter
from decks.views import browse, builder, deletion, history, insights, sharing, transfer

register_converter(ShareTokenConverter, "share_token")

app_name = "decks"


def shared_pages(prefix: str) -> list:
    """The read-only pages of one deck, under `prefix` (its number or its token)."""
    return [
        path(f"{prefix}/", browse.deck_detail, name="detail"),
        path(f"{prefix}/odds/", insights.draw_odds, name="odds"),
        path(f"{prefix}/sample-hand/", insights.sample_hand, name="sample_hand"),
        path(f"{prefix}/history/", history.history, name="history"),
        path(f"{prefix}/copy/", sharing.copy, name="copy"),
        path(f"{prefix}/export/<slug:kind>/", transfer.export, name="export"),
    ]


urlpatterns = [
    path("", browse.browse, name="browse"),
    path("mine/", browse.mine, name="mine"),
    path("deleted/", deletion.deleted, name="deleted"),
    path("new/", builder.deck_new, name="new"),
    path("import/", transfer.import_deck, name="import"),
    *shared_pages("<int:pk>"),
    *shared_pages("s/<share_token:pk>"),
    path("<int:pk>/edit/", builder.builder, name="builder"),
    path("<int:pk>/edit/search/", builder.builder_search, name="builder_search"),
    path("<int:pk>/edit/change/", builder.builder_change, name="builder_change"),
    path("<int:pk>/edit/quick-add/", builder.builder_quick_add, name="builder_quick_add"),
    path("<int:pk>/edit/pane/", builder.builder_pane, name="builder_pane"),
    path("<int:pk>/edit/settings/", builder.builder_settings, name="builder_settings"),
    path("<int:pk>/new-link/", sharing.new_share_link, name="new_share_link"),
    path("<int:pk>/delete/", deletion.deck_remove, name="delete"),
    path("<int:pk>/undelete/", deletion.deck_bring_back, name="undelete"),
    path("<int:pk>/history/restore/", history.restore, name="restore"),
    path("<int:pk>/history/label/", history.label, name="version_label"),
]
