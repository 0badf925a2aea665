"""Scaffolding for the engine's tests: positions set up by hand (``scenario``) and played
through the engine as a client would (``scene``). Used by tests only, never by the site.
"""
