"""The bots by name: what a match ("play against the greedy bot"), a simulation job
or a benchmark asks for.

Each name maps to a constructor taking the bot's seed. Listed from weakest to
strongest, as ``bench/bots.py`` measures them (each beats the one before it):

* ``random``: any legal action, uniformly (``bots.RandomBot``);
* ``greedy``: the best-scoring result one decision ahead (``greedy.GreedyBot``);
* ``search``: information-set Monte Carlo tree search at its default budget
  (``search.SearchBot``).

Every bot decides from its own view of the game (``view_for``) and its own
seeded generator, never from what its player may not see.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from games.engine.bots import Bot, RandomBot
from games.engine.bots.greedy import GreedyBot
from games.engine.bots.search import SearchBot

BOTS: Mapping[str, Callable[[int], Bot]] = MappingProxyType(
    {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot}
)


def make_bot(name: str, seed: int) -> Bot:
    """The bot called ``name``, seeded; KeyError naming the known bots when unknown."""
    try:
        maker = BOTS[name]
    except KeyError:
        raise KeyError(f"no bot called {name!r}: choose {', '.join(BOTS)}") from None
    return maker(seed)
