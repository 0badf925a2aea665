"""A scenario's board as a small picture: its spaces, anchor points and size (M1)."""

from __future__ import annotations

from dataclasses import dataclass

from games import engine
from games.models import SCENARIO_RULESETS, Scenario

# Side of one space in the preview's SVG units; the picture scales to its box.
SPACE = 10


@dataclass(frozen=True)
class PreviewSpace:
    """One space of the preview: where it is drawn, its R2 name, whether an anchor."""

    x: int
    y: int
    name: str
    anchor: bool


@dataclass(frozen=True)
class BoardPreview:
    """What the preview template draws; ``problem`` instead when the scenario cannot be
    laid out (a scenario saved before a check it fails)."""

    width: int
    height: int
    spaces: tuple[PreviewSpace, ...]
    anchors: tuple[str, ...]
    players: int
    teams: int
    problem: str = ""

    @property
    def view_box(self) -> str:
        """The SVG viewBox: the board with a margin of half a space."""
        half = SPACE // 2
        return f"-{half} -{half} {self.width * SPACE + SPACE} {self.height * SPACE + SPACE}"

    @property
    def summary(self) -> str:
        """The scenario in words: "4 players in 2 teams, 10×10, 4 anchor points"."""
        players = f"{self.players} players"
        if self.teams:
            players += f" in {self.teams} teams"
        anchors = f"{len(self.anchors)} anchor point{'s' if len(self.anchors) != 1 else ''}"
        return f"{players}, {self.width}×{self.height}, {anchors}"


def board_preview(scenario: Scenario | engine.Scenario) -> BoardPreview:
    """The preview of a named scenario, or of an engine scenario, laid out as the first
    of the rulesets scenarios are played under lays it out."""
    wanted = scenario.to_engine() if isinstance(scenario, Scenario) else scenario
    ruleset = engine.RULESETS[SCENARIO_RULESETS[0]]
    try:
        board, anchors = engine.laid_out(ruleset, wanted)
    except engine.ScenarioError as error:
        return BoardPreview(0, 0, (), (), wanted.players, wanted.teams, str(error))
    spaces = tuple(
        PreviewSpace(
            x=file * SPACE,
            # Rank 1 at the bottom, as the table draws it (R2).
            y=(board.height - 1 - rank) * SPACE,
            name=board.space_name(board.space_at(file, rank)),
            anchor=board.space_at(file, rank) in anchors,
        )
        for rank in range(board.height)
        for file in range(board.width)
    )
    names = tuple(board.space_name(a) for a in anchors)
    return BoardPreview(board.width, board.height, spaces, names, wanted.players, wanted.teams)
