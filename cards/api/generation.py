"""The catalogue's generation: a random token in the shared cache, replaced on every write.

The response cache (``cards.api.response_cache``) keeps each answer with the
generation it was built in and serves it only while the generation is still the
same, so a hit reads two cache entries and no database at all. The database's own
state (``cards.api.version``, one query) still gives the ETag and Last-Modified of
the responses the view builds.

- **Who replaces it**: every save or deletion of a card, an ability or a realm
  (model signals, connected in ``CardsConfig.ready``), and every migration. It is
  replaced at once *and* again when the transaction commits: a reader that took the
  new token before the commit may have read the old rows and stored them under it,
  and the second token outdates that entry. Every worker reads the same cache, so
  a write in one worker is seen by the next request in any other.
- **Writes that send no signal** (``QuerySet.update``, ``bulk_create``, raw SQL)
  call ``catalogue_changed()`` themselves; ``cards.revisions`` saves the card in the
  same transaction as its abilities' ``bulk_create``, which is enough.
- **A lost token** (a cache that culled or restarted) is replaced by a new one the
  next reader adds: every stored answer becomes a miss, never a stale hit. Tokens
  are random, not counted, so a token that comes back is never an old one.
"""

from __future__ import annotations

import logging
import secrets
from typing import Any

from django.core.cache import cache
from django.db import transaction

logger = logging.getLogger(__name__)

GENERATION_KEY = "catalogue-generation-1"


def _new_token() -> str:
    return secrets.token_hex(8)


def current_generation(found: str | None = None) -> str:
    """The current generation; ``found`` is its value when the caller has read it already."""
    if found is not None:
        return found
    token = cache.get(GENERATION_KEY)
    if token is None:
        token = _new_token()
        # Two readers may find it missing at once: the first to add wins, both use it.
        if not cache.add(GENERATION_KEY, token, timeout=None):
            token = cache.get(GENERATION_KEY) or token
    return token


def catalogue_changed() -> None:
    """Outdate every stored catalogue response, now and when the transaction commits."""
    cache.set(GENERATION_KEY, _new_token(), timeout=None)
    transaction.on_commit(lambda: cache.set(GENERATION_KEY, _new_token(), timeout=None))


def catalogue_written(sender: type, **kwargs: Any) -> None:
    """Signal receiver for saves and deletions of the catalogue's models."""
    catalogue_changed()


def catalogue_migrated(sender: Any, **kwargs: Any) -> None:
    """Signal receiver for ``post_migrate``: a data migration may have changed cards."""
    try:
        # Outside any transaction, so the second replacement happens at once too.
        catalogue_changed()
    except Exception as error:  # Redis (say) not reachable from where migrations run
        # A deploy must not fail on it; stored answers time out within CACHE_SECONDS.
        logger.warning("Could not outdate the catalogue's cached responses: %s", error)
