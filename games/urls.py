"""The rules pages: /rules/ lists the rulesets, /rules/<ruleset>/ is one rulebook."""

from django.urls import path

from games.views.rules import rules_index, rules_page

app_name = "games"
urlpatterns = [
    path("", rules_index, name="rules"),
    path("<str:ruleset>/", rules_page, name="rulebook"),
]
