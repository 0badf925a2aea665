"""Simulation API routes under /api/simulations/."""

from django.urls import path

from games.simulations.api import views

urlpatterns = [
    path("simulations/", views.SimulationListView.as_view(), name="simulation-list"),
    path("simulations/<int:pk>/", views.SimulationDetailView.as_view(), name="simulation-detail"),
    path(
        "simulations/<int:pk>/cancel/",
        views.SimulationCancelView.as_view(),
        name="simulation-cancel",
    ),
    path(
        "simulations/<int:pk>/publish/",
        views.SimulationPublishView.as_view(),
        name="simulation-publish",
    ),
    path(
        "simulations/<int:pk>/results/",
        views.SimulationResultsView.as_view(),
        name="simulation-results",
    ),
    path(
        "simulations/<int:pk>/export.json",
        views.SimulationExportJSONView.as_view(),
        name="simulation-export-json",
    ),
    path(
        "simulations/<int:pk>/games.csv",
        views.SimulationExportGamesView.as_view(),
        name="simulation-export-games",
    ),
    path(
        "simulations/<int:pk>/game-cards.csv",
        views.SimulationExportGameCardsView.as_view(),
        name="simulation-export-game-cards",
    ),
    path(
        "simulations/<int:pk>/cards.csv",
        views.SimulationExportCardsView.as_view(),
        name="simulation-export-cards",
    ),
]
