"""Deck pages at /decks/: browsing, my decks, the deck page, builder, history, sharing."""

from django.urls import path

from decks.views import browse, builder, history, insights, sharing, transfer

app_name = "decks"
urlpatterns = [
    path("", browse.browse, name="browse"),
    path("mine/", browse.mine, name="mine"),
    path("new/", builder.deck_new, name="new"),
    path("import/", transfer.import_deck, name="import"),
    path("<int:pk>/", browse.deck_detail, name="detail"),
    path("<int:pk>/odds/", insights.draw_odds, name="odds"),
    path("<int:pk>/sample-hand/", insights.sample_hand, name="sample_hand"),
    path("<int:pk>/edit/", builder.builder, name="builder"),
    path("<int:pk>/edit/search/", builder.builder_search, name="builder_search"),
    path("<int:pk>/edit/change/", builder.builder_change, name="builder_change"),
    path("<int:pk>/edit/settings/", builder.builder_settings, name="builder_settings"),
    path("<int:pk>/delete/", builder.deck_remove, name="delete"),
    path("<int:pk>/history/", history.history, name="history"),
    path("<int:pk>/history/restore/", history.restore, name="restore"),
    path("<int:pk>/history/label/", history.label, name="version_label"),
    path("<int:pk>/copy/", sharing.copy, name="copy"),
    path("<int:pk>/export/<slug:kind>/", transfer.export, name="export"),
]
