"""The requests of the hostile campaign: a seeded stream of hostile requests for each
endpoint family, aimed at the decks, cards, users and match of a `World` the bench set up.

`hostile_requests(world, seed=…, counts=…)` yields `HostileRequest`s, family by family;
each family draws from a generator of its own (seeded from the campaign's seed and the
family's name), so changing one family's count leaves the others' requests as they were.
The families are in `deck_requests`, `site_requests` and, for play, `match_requests`,
`replay_requests` and `simulation_requests`; their values from `values` and
`play_values`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence

from bench.hostile import deck_requests as decks
from bench.hostile import match_requests as matches
from bench.hostile import replay_requests as replays
from bench.hostile import simulation_requests as simulations
from bench.hostile import site_requests as site
from bench.hostile.basics import HostileRequest, World

Maker = Callable[[World, random.Random], HostileRequest]

# Each family's kinds of request, in the order the campaign sends the families.
MAKERS: Mapping[str, Sequence[Maker]] = {
    "importers": decks.IMPORTERS,
    "search": site.SEARCH,
    "api-json": site.API,
    "deck-edit": decks.DECK_EDITS,
    "history": decks.HISTORY,
    "expensive": decks.EXPENSIVE,
    "login": site.LOGIN,
    "headers": site.HEADERS,
    "matches": matches.MATCHES,
    "replays": replays.REPLAYS,
    "notes": replays.NOTES,
    "simulations": simulations.SIMULATIONS,
    "watch": simulations.WATCH,
    # Last: a page route is /accounts/logout/, and the player's session ends with it.
    "pages": site.PAGES,
}
FAMILIES = tuple(MAKERS)


def hostile_requests(
    world: World, *, seed: int, counts: Mapping[str, int]
) -> Iterator[HostileRequest]:
    """`counts[family]` requests for each family, in the order of FAMILIES."""
    for family in FAMILIES:
        rng = random.Random(f"{seed}:{family}")
        makers = MAKERS[family]
        for index in range(counts.get(family, 0)):
            # Round the family's kinds of request, so that every kind is sent.
            yield makers[index % len(makers)](world, rng)
