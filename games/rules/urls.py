"""The rules pages: /rules/ lists the rulesets, /rules/<ruleset>/ is one rulebook,
/rules/compare/?a=…&b=… sets two side by side."""

from django.urls import path

from games.rules.views import rules_compare, rules_index, rules_page

app_name = "games"
urlpatterns = [
    path("", rules_index, name="rules"),
    path("compare/", rules_compare, name="compare"),
    path("<str:ruleset>/", rules_page, name="rulebook"),
]
