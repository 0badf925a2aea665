"""Writing a match's record: only over the revision it was read at (STYLE.md §4), so two
writes racing on one match cannot both land."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from games.matches.errors import MatchStale
from games.matches.records import Position, digests_after, game_of, position_remember
from games.models import Match, Status


def record_extend(match: Match, position: Position, applied: list[dict], states: list[Any]) -> None:
    """Write ``applied``, the actions played from the match's state on, whose ``states``
    lead to ``position``: the record, its digests and a result that ends the match."""
    game = game_of(match)
    first = match.number + 1
    result = game.result(position.state)
    record_write(
        match,
        actions=[*match.actions, *applied],
        number=match.number + len(applied),
        digests=digests_after(game, match.digests, match.digest_every, states, first),
        status=Status.FINISHED if result else match.status,
        result=result,
        undo_requested_by=None,
    )
    position_remember(match, position)


def record_write(match: Match, **fields: Any) -> None:
    """Update ``match`` if no one else wrote it since it was read; else MatchStale."""
    now = timezone.now()
    updated = Match.objects.filter(pk=match.pk, revision=match.revision).update(
        **fields, revision=match.revision + 1, updated_at=now
    )
    if not updated:
        match.refresh_from_db()
        raise MatchStale(match)
    for field, value in fields.items():
        setattr(match, field, value)
    match.revision += 1
    match.updated_at = now
