"""Staff pages of the games app: the named scenarios (M1), data the designer edits."""

from django.contrib import admin

from games.models import Scenario


@admin.register(Scenario)
class ScenarioAdmin(admin.ModelAdmin):
    """Scenarios are data: the model's ``clean`` refuses one that cannot be played."""

    list_display = ["name", "slug", "players", "teams", "width", "height", "is_active"]
    list_filter = ["players", "teams", "is_active"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
