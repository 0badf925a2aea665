"""Who sits where in a match, and who may open it."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser

from games.models import Match, Mode


def seats_of(match: Match, user: AbstractBaseUser | None) -> tuple[int, ...]:
    """The seats ``user`` plays in ``match``: both in their hot-seat match, one in a bot or
    friend match, none otherwise."""
    if user is None or not user.is_authenticated:
        return ()
    if match.mode == Mode.HOTSEAT:
        return (0, 1) if user.pk == match.owner_id else ()
    if match.mode == Mode.IMPORTED:
        return ()
    users = (match.red_user_id, match.blue_user_id)
    return tuple(seat for seat, pk in enumerate(users) if pk == user.pk)


def may_see(match: Match, user: AbstractBaseUser | None) -> bool:
    """Whether ``user`` may open the match: its players, and anyone for a finished match
    between public decks (its shareable replay)."""
    if (
        user is not None
        and user.is_authenticated
        and (user.pk in (match.owner_id, match.red_user_id, match.blue_user_id))
    ):
        return True
    return match.replay_is_public
