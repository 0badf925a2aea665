"""Who is within ranged reach (R19): king-move distances between spaces, from tables.

Every Activation step asks, for each Ready Avatar with ranged power, which
opposing Avatars in spaces stand within ``ruleset.ranged_reach`` of it. The
distances come from a table built once per board size, and the opposing
Avatars of each player from a list kept for the last Avatars tuple seen.
"""

from __future__ import annotations

from functools import cache

from games.engine.state import Avatar


@cache
def space_distances(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """``[a][b]``: the king-move distance (R4) between spaces ``a`` and ``b``."""
    count = width * height
    return tuple(
        tuple(max(abs(a % width - b % width), abs(a // width - b // width)) for b in range(count))
        for a in range(count)
    )


# The last Avatars tuple seen and, per player, the (card, space) of the other
# player's Avatars in spaces, one tuple so a thread always reads a matching pair.
_LAST_OPPONENTS: list[tuple] = [((), ((), ()))]


def opponents_in_spaces(avatars: tuple[Avatar, ...], player: int) -> tuple[tuple[int, int], ...]:
    """(card, space) of each Avatar not ``player``'s and not on the Spirit Path, in order."""
    seen, found = _LAST_OPPONENTS[0]
    if seen is not avatars:
        found = tuple(
            tuple((a.card, a.at) for a in avatars if a.owner != each and not a.on_path)
            for each in (0, 1)
        )
        _LAST_OPPONENTS[0] = (avatars, found)
    return found[player]


def targets_within(
    avatars: tuple[Avatar, ...], avatar: Avatar, width: int, height: int, limit: int
) -> list[int]:
    """The cards of the opposing Avatars in spaces within ``limit`` of ``avatar``'s space."""
    near = space_distances(width, height)[avatar.at]
    return [card for card, at in opponents_in_spaces(avatars, avatar.owner) if near[at] <= limit]
