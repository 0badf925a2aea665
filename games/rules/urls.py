"""The rules pages: /rules/ lists the rulesets, /rules/<ruleset>/ is one rulebook,
/rules/compare/?a=…&b=… sets two side by side, /rules/scenarios/ the named scenarios."""

from django.urls import path

from games.rules.views import rules_compare, rules_index, rules_page
from games.scenarios.views import scenario_list, scenario_page

app_name = "games"
urlpatterns = [
    path("", rules_index, name="rules"),
    path("compare/", rules_compare, name="compare"),
    path("scenarios/", scenario_list, name="scenarios"),
    path("scenarios/<slug:slug>/", scenario_page, name="scenario"),
    path("<str:ruleset>/", rules_page, name="rulebook"),
]
