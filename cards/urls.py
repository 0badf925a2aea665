"""The catalogue's pages: search and browse, one card, its face, the search help."""

from django.urls import path

from cards.views.card_detail import card_page, card_svg
from cards.views.catalogue import catalogue
from cards.views.search_help import search_help
from cards.views.search_suggest import search_suggest

app_name = "cards"
urlpatterns = [
    path("", catalogue, name="catalogue"),
    path("cards/<slug:slug>.svg", card_svg, name="card_svg"),
    path("cards/<slug:slug>/", card_page, name="card"),
    path("search-help/", search_help, name="search_help"),
    path("search/suggest/", search_suggest, name="search_suggest"),
]
