"""The bots by name: what a match ("play against the greedy bot"), a simulation job
or a benchmark asks for.

Each name maps to a constructor taking the bot's seed. Listed from weakest to
strongest, as ``bench/bots.py`` measures them (each beats the one before it):

* ``random``: any legal action, uniformly (``bots.RandomBot``);
* ``greedy``: the best-scoring result one decision ahead (``greedy.GreedyBot``);
* ``quick-search``: the search bot at a small budget (``QUICK_PLAYOUTS`` playouts,
  ``QUICK_ACTIONS`` engine actions) over the greedy bot's shortlist of root options:
  for big simulation jobs, stronger than greedy at less than twice its cost per game
  (``bench/bots.py`` measures both);
* ``search``: information-set Monte Carlo tree search at its default budget
  (``search.SearchBot``).

Every bot decides from its own view of the game (``view_for``) and its own
seeded generator, never from what its player may not see.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from games.engine.bots import Bot, RandomBot
from games.engine.bots.estimates import SHORTLIST
from games.engine.bots.greedy import GreedyBot
from games.engine.bots.search import SearchBot

# The quick search's budget per decision, chosen by bench/bots.py's measurements: at 4
# playouts over the shortlist it beat greedy in 75% of 16 beta-2026-07 games at 1.6×
# greedy's CPU per game (8 playouts: 58% at 2.3×); the ladder measures it per ruleset.
QUICK_PLAYOUTS = 4
QUICK_ACTIONS = 150


def quick_search(seed: int) -> SearchBot:
    """The ``quick-search`` bot: the search bot at a small budget (see above)."""
    return SearchBot(
        seed, playouts=QUICK_PLAYOUTS, max_actions=QUICK_ACTIONS, root_options=SHORTLIST
    )


BOTS: Mapping[str, Callable[[int], Bot]] = MappingProxyType(
    {"random": RandomBot, "greedy": GreedyBot, "quick-search": quick_search, "search": SearchBot}
)


def make_bot(name: str, seed: int) -> Bot:
    """The bot called ``name``, seeded; KeyError naming the known bots when unknown."""
    try:
        maker = BOTS[name]
    except KeyError:
        raise KeyError(f"no bot called {name!r}: choose {', '.join(BOTS)}") from None
    return maker(seed)
