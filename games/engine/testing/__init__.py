"""Scaffolding for the engine's tests: positions set up by hand (``scenario``), played
through the engine as a client would (``scene``), and sample decks with random games
of them (``samples``, which the benchmarks in ``bench/`` play too). Never used by the
site.
"""
