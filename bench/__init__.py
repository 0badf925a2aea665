"""The project's benchmarks, one module each, run as ``python -m bench.<name>``
(``bench/README.md`` lists them, with what they share: ``live_site``, ``cpu_time`` and
``figures``)."""

from pathlib import Path

# The repository: the benches' workers start here, and bench/results/ is in it.
ROOT = Path(__file__).resolve().parent.parent
