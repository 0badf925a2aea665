"""Simulation pages at /simulations/: my simulations, starting one, a job, its progress."""

from django.urls import path

from games.simulations import views as simulations
from games.simulations.card_picker import simulation_cards

app_name = "simulations"
urlpatterns = [
    path("", simulations.simulation_list, name="list"),
    path("new/", simulations.simulation_new, name="new"),
    path("cards/", simulation_cards, name="cards"),
    path("<int:pk>/", simulations.simulation_page, name="detail"),
    path("<int:pk>/live/", simulations.simulation_live, name="live"),
    path("<int:pk>/cancel/", simulations.simulation_cancel_view, name="cancel"),
    path("<int:pk>/publish/", simulations.simulation_publish, name="publish"),
    path("<int:pk>/games/<int:index>/watch/", simulations.simulation_watch, name="watch"),
    path("<int:pk>/cards/games/", simulations.simulation_card_games, name="card-games"),
]
