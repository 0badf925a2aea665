"""Deck API routes: /api/decks/, /api/decklists/validate/ and /api/formats/."""

from django.urls import path
from rest_framework.routers import DefaultRouter

from decks.api.views import DecklistValidateView, DeckViewSet, FormatViewSet

router = DefaultRouter()
router.register("decks", DeckViewSet, basename="deck")
router.register("formats", FormatViewSet, basename="format")

urlpatterns = [
    path("decklists/validate/", DecklistValidateView.as_view(), name="decklist-validate"),
    *router.urls,
]
