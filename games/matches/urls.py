"""Match pages at /games/: my matches, starting one, the table, replays, invitations."""

from django.urls import path

from games.matches.views import replays, starting
from games.matches.views import tables as matches

app_name = "matches"
urlpatterns = [
    path("", matches.match_list, name="list"),
    path("new/", starting.match_new, name="new"),
    path("import/", replays.replay_import_page, name="import"),
    path("join/<str:token>/", starting.match_join_view, name="join"),
    path("<int:pk>/", matches.match_page, name="detail"),
    path("<int:pk>/live/", matches.match_live, name="live"),
    path("<int:pk>/act/", matches.match_act_view, name="act"),
    path("<int:pk>/resign/", matches.match_resign_view, name="resign"),
    path("<int:pk>/rematch/", starting.match_rematch_view, name="rematch"),
    path("<int:pk>/undo/", matches.match_undo_view, name="undo"),
    path("<int:pk>/undo/answer/", matches.match_undo_answer_view, name="undo_answer"),
    path("<int:pk>/reveal/", matches.match_reveal_view, name="reveal"),
    path("<int:pk>/board/", matches.match_board_view, name="board"),
    path("<int:pk>/bot-move/", matches.match_bot_move_view, name="bot_move"),
    path("<int:pk>/replay/", replays.replay_page, name="replay"),
    path("<int:pk>/replay/window/", replays.replay_window, name="replay_window"),
    path("<int:pk>/replay.json", replays.replay_download, name="replay_download"),
    path("<int:pk>/notes/", replays.note_add, name="note_add"),
]
