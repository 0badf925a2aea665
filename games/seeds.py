"""Game seeds: one range wherever a seed is chosen, derived, stored or imported.

A seed is a whole number from 0 to :data:`MAX_SEED` (2**53 - 1): the largest integer
a JSON number carries exactly to a JavaScript client (``Number.MAX_SAFE_INTEGER``),
and well inside the database's 64-bit column. Match creation, simulation jobs,
:func:`derive_seed` (every simulated game's seed) and the replay import all read
this range, so a replay file the site writes is one its import takes.

Simulation jobs stored before the range was one derived 63-bit game seeds; such a
job keeps :data:`LEGACY_SEED_BITS` (``SimulationJob.seed_bits``) so its games, and
the replays watched from them, stay the games its figures counted.

Plain Python with no Django: the simulated games and the benchmarks derive seeds too.
"""

from __future__ import annotations

import hashlib
from typing import Any

SEED_BITS = 53
MAX_SEED = 2**SEED_BITS - 1
# The width of the game seeds jobs stored before SEED_BITS derived.
LEGACY_SEED_BITS = 63


def is_seed(value: Any) -> bool:
    """``value`` is a seed: an int (not a bool) from 0 to MAX_SEED."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_SEED


def derive_seed(seed: int, *path: object, bits: int = SEED_BITS) -> int:
    """A seed in 0…2**bits-1 (by default a seed of :func:`is_seed`'s range) derived from
    ``seed`` and a path (game index, "bot", seat).

    A hash of the text, so it is the same on every machine and Python version and
    different paths give unrelated seeds. ``bits`` is LEGACY_SEED_BITS only to play
    again the games of a job stored before the range was one.
    """
    text = ":".join(str(part) for part in (seed, *path)).encode()
    digest = hashlib.blake2b(text, digest_size=8).digest()
    return int.from_bytes(digest, "big") >> (64 - bits)
