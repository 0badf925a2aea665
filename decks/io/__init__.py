"""Decklists in and out: one module per exchange format, all speaking `decks.io.raw` types.

Readers turn text into `RawDecklist` lines (names or slugs, no database); `parsing`
resolves them to cards. Writers turn `DecklistEntry` rows and a `DecklistHeader` into text.
"""
