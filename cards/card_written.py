"""The catalogue's own signal: a card was written (created, revised, its abilities
replaced), sent in the transaction that wrote it, after the last of its rows.

What keeps something derived from a card listens (the API's stored JSON documents,
``cards.api.stored``, connected in ``cards.apps``), so the catalogue's services never
import what is built on them.
"""

from django.dispatch import Signal

# Sent with ``card``: the Card whose rows were just written.
card_written = Signal()
