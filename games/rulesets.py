"""Which rulesets a format is played under, and which of them a deck may be played under here.

A format names its rulesets as data (``Format.rulesets``, a list of names). The
site can only play the ones its game knows (``games.play``): a format may name a
ruleset that is still being written, and it is simply not offered until the
engine has it. The Play-test form, the match service and the simulation form
all ask :func:`deck_rulesets`, so they never disagree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from decks.models import Deck, Format

DEFAULT_RULESET = "beta-2026-07"


# The game every format is played in today: the one place that says so (a format of
# another game will name its own).
FORMATS_GAME = "shen"


def format_game(format: Format) -> str:
    """The game ``format``'s decks are played in."""
    return FORMATS_GAME


def playable_rulesets(game: str) -> tuple[str, ...]:
    """The rulesets ``game``'s engine can play, in the order a form offers them."""
    # Imported here, not at the top: decks.models imports this module for its formats'
    # default and check, and loading decks need not load a game's engine.
    from games.play import GAMES

    return tuple(GAMES[game].rulesets())


def default_rulesets() -> list[str]:
    """A new format's rulesets: the default one (a fresh list each time, for JSONField)."""
    return [DEFAULT_RULESET]


def rulesets_refusal(names: Any, game: str) -> str | None:
    """Why ``names`` is not a list of rulesets ``game`` knows (None when it is one).

    An empty list is allowed: a format the site keeps for deck building only,
    played under rules the engine does not have (Kalter Constructed, F3).
    """
    known = playable_rulesets(game)
    example = f'e.g. ["{known[0]}"]'
    if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
        return f"Give a list of ruleset names, {example}."
    if len(set(names)) != len(names):
        return "Name each ruleset once."
    if unknown := [name for name in names if name not in known]:
        return f"Unknown rulesets: {', '.join(unknown)}. Use {', '.join(known)}."
    return None


def format_rulesets(format: Format) -> tuple[str, ...]:
    """The rulesets ``format`` is played under that its game can play, in its order."""
    known = playable_rulesets(format_game(format))
    names = format.rulesets if isinstance(format.rulesets, list) else []
    return tuple(name for name in names if name in known)


def deck_rulesets(deck: Deck) -> tuple[str, ...]:
    """The rulesets ``deck`` may be played under: those of its format the game can play.

    The first is the default of a match or simulation that names none.
    """
    return format_rulesets(deck.format)


def played_under_refusal(deck: Deck, ruleset: str) -> str | None:
    """Why ``deck`` may not be played under ``ruleset`` (None when it may): a match's
    decks and a simulation's are of formats played under its rules."""
    if ruleset in deck_rulesets(deck):
        return None
    return f"{deck.name} is a {deck.format.name} deck, which is not played under {ruleset}."


def no_ruleset_message(format: Format) -> str:
    """Why a deck of ``format`` cannot be played here: none of its rulesets is playable."""
    if not format.rulesets:
        return f"{format.name} is not played under any ruleset of this site."
    names = ", ".join(str(name) for name in format.rulesets)
    return f"{format.name} is played under {names}, which this site cannot play yet."
