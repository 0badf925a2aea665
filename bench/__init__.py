"""The project's benchmarks, one module each, run as ``python -m bench.<name>``."""
