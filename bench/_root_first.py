"""Lets a bench run as a file, ``python bench/engine.py``, as it runs as a module
(``python -m bench.engine``): the one place a bench touches ``sys.path``.

Run as a file, a bench has ``bench/`` first on ``sys.path`` and the repository's root
nowhere: ``bench`` and the site's apps cannot be imported, and ``bench/decks.py`` would
stand in for the site's ``decks`` app. Such a run imports this module first (``if not
__package__: import _root_first``), which puts the root in ``bench/``'s place.
"""

import sys
from pathlib import Path

_BENCH = Path(__file__).resolve().parent
sys.path[:] = [entry for entry in sys.path if Path(entry or ".").resolve() != _BENCH]
sys.path.insert(0, str(_BENCH.parent))
