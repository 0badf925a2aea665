"""Who is within ranged reach (R19): king-move distances between spaces, from a table.

Every Activation step asks, for each Ready Avatar with ranged power, which
opposing Avatars in spaces stand within ``ruleset.ranged_reach`` of it. The
distances come from a table built once per board size; the Avatars in spaces
from the occupancy ``movement`` keeps for the state's Avatars.
"""

from __future__ import annotations

from functools import cache

from games.engine.movement import occupancy
from games.engine.state import Avatar


@cache
def space_distances(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """``[a][b]``: the king-move distance (R4) between spaces ``a`` and ``b``."""
    count = width * height
    return tuple(
        tuple(max(abs(a % width - b % width), abs(a // width - b // width)) for b in range(count))
        for a in range(count)
    )


def targets_within(
    avatars: tuple[Avatar, ...], avatar: Avatar, width: int, height: int, limit: int
) -> list[int]:
    """The cards of the opposing Avatars in spaces within ``limit`` of ``avatar``'s space,
    in the order of ``avatars``."""
    near = space_distances(width, height)[avatar.at]
    owner = avatar.owner
    # The spaces' occupants were filed in the order of ``avatars``: dicts keep it.
    return [
        other.card
        for at, other in occupancy(avatars)[0].items()
        if other.owner != owner and near[at] <= limit
    ]
