"""The game's own pseudo-random numbers: SplitMix64, kept as one int in the state.

Never the ``random`` module: its shuffle may change between Python versions
and a stored game must replay identically for ever. Every draw returns the
value and the next generator state, so states stay immutable.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """The generator state for a seed (any int; reduced to 64 bits)."""
    return seed & _MASK


def _next(state: int) -> tuple[int, int]:
    """(a 64-bit value, the next state): one SplitMix64 step."""
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), state


def below(state: int, n: int) -> tuple[int, int]:
    """(a value in 0…n-1, the next state), by rejection so every value is equally likely."""
    limit = _MASK + 1 - ((_MASK + 1) % n)
    while True:
        value, state = _next(state)
        if value < limit:
            return value % n, state


def roll(state: int, count: int) -> tuple[tuple[int, ...], int]:
    """(``count`` d6 results, the next state)."""
    dice = []
    for _ in range(count):
        value, state = below(state, 6)
        dice.append(value + 1)
    return tuple(dice), state


def shuffled(state: int, items: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """(``items`` in a Fisher–Yates shuffled order, the next state)."""
    order = list(items)
    for i in range(len(order) - 1, 0, -1):
        j, state = below(state, i + 1)
        order[i], order[j] = order[j], order[i]
    return tuple(order), state
