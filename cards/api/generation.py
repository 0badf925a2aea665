"""The catalogue's generation: a random token in the shared cache, replaced on every write.

The response cache (``cards.api.response_cache``) keeps each answer with the
generation it was built in and serves it only while the generation is still the
same, so a hit reads two cache entries and no database at all. The database's own
state (``cards.catalogue_version``, one query, read once a generation) still gives the
ETag and Last-Modified of the responses the view builds.

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
- **The version of a generation**: the catalogue's version (``cards.catalogue_version``) is
  kept beside the token with the generation it was read in, and read with it in the
  response cache's one round trip; so a miss reads it from the database once a
  generation (``version_of_generation``), not once a request. It is outdated as a
  stored answer is, and for the same reasons.
"""

from __future__ import annotations

import logging
import secrets
from typing import Any

from django.core.cache import cache
from django.db import transaction

from cards.catalogue_version import CatalogueVersion, catalogue_version

logger = logging.getLogger(__name__)

GENERATION_KEY = "catalogue-generation-1"
# (generation, last modified, digest, cards): the catalogue's version read in that generation.
VERSION_KEY = "catalogue-version-2"
# Kept as long as stored answers are (cards.api.response_cache.CACHE_SECONDS).
VERSION_SECONDS = 10 * 60


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


def version_of_generation(generation: str, kept: Any = None) -> CatalogueVersion:
    """The catalogue's version in ``generation``: ``kept`` (the ``VERSION_KEY`` entry, as
    read with the generation) when it was read in that generation, else the database's,
    kept for the generation's next readers."""
    if isinstance(kept, tuple) and len(kept) == 4 and kept[0] == generation:
        return CatalogueVersion(last_modified=kept[1], digest=kept[2], cards=kept[3])
    version = catalogue_version()
    entry = (generation, version.last_modified, version.digest, version.cards)
    cache.set(VERSION_KEY, entry, VERSION_SECONDS)
    return version


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
