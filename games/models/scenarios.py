"""Named scenarios (M1): a board, its anchor points, the players and the teams, as data
the designer edits (in the admin) and names, like a format."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models

from games import engine

# The rulesets a scenario is played under: simplified-0.1 keeps its own board (its
# anchor points are vertices held half each, a two-player game).
SCENARIO_RULESETS = ("beta-2026-07", "beta-2025")


class Scenario(models.Model):
    """A named scenario. Blank width, height or anchors take M1's defaults for the
    players (8×8 for two, 10×10 for three or four, 12×12 for five or six; the four
    corner spaces)."""

    name = models.CharField(max_length=80, unique=True)
    slug = models.SlugField(max_length=80, unique=True)
    description = models.TextField(blank=True)
    players = models.PositiveSmallIntegerField(default=2, help_text="2 to 6 (M1)")
    teams = models.PositiveSmallIntegerField(
        default=0, help_text="0: every player for themselves; else 2 or 3 teams of equal size"
    )
    width = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Spaces across, 4 to 16. Blank: M1's default"
    )
    height = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Spaces up, 4 to 16. Blank: M1's default"
    )
    anchors = models.JSONField(
        default=list,
        blank=True,
        help_text='1 to 6 space names, e.g. ["a1", "j1", "e5"]. Empty: the four corners',
    )
    is_active = models.BooleanField(default=True)

    class Meta:
        ordering = ["players", "name"]

    def __str__(self) -> str:
        return self.name

    def to_engine(self) -> engine.Scenario:
        """The engine's value of this scenario (what a match or job stores)."""
        return engine.Scenario(
            anchors=tuple(self.anchors) if self.anchors else None,
            width=self.width,
            height=self.height,
            players=self.players,
            teams=self.teams,
        )

    def clean(self) -> None:
        """Refuse a scenario that cannot be played under every ruleset it is for."""
        if not isinstance(self.anchors, list) or not all(
            isinstance(name, str) for name in self.anchors
        ):
            raise ValidationError({"anchors": 'A list of space names, e.g. ["a1", "h8"].'})
        for name in SCENARIO_RULESETS:
            try:
                engine.laid_out(engine.RULESETS[name], self.to_engine())
            except engine.ScenarioError as error:
                raise ValidationError(f"{error} ({name})") from None
