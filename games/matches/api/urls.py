"""Match API routes under /api/matches/."""

from django.urls import path

from games.matches.api import views

urlpatterns = [
    path("matches/", views.MatchListView.as_view(), name="match-list"),
    path("matches/join/", views.MatchJoinView.as_view(), name="match-join"),
    path("matches/import/", views.ReplayImportView.as_view(), name="match-import"),
    path("matches/<int:pk>/", views.MatchDetailView.as_view(), name="match-detail"),
    path("matches/<int:pk>/actions/", views.MatchActionsView.as_view(), name="match-actions"),
    path("matches/<int:pk>/act/", views.MatchActView.as_view(), name="match-act"),
    path("matches/<int:pk>/bot-move/", views.MatchBotMoveView.as_view(), name="match-bot-move"),
    path("matches/<int:pk>/resign/", views.MatchResignView.as_view(), name="match-resign"),
    path("matches/<int:pk>/undo/", views.MatchUndoView.as_view(), name="match-undo"),
    path(
        "matches/<int:pk>/undo/answer/",
        views.MatchUndoAnswerView.as_view(),
        name="match-undo-answer",
    ),
    path("matches/<int:pk>/replay/", views.MatchReplayView.as_view(), name="match-replay"),
]
