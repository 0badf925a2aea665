"""Match workflows: create, join, act, resign, undo, notes.

Every service takes keyword arguments, checks its input and either writes or
raises a :class:`MatchError` (whose ``status`` is the HTTP answer) having changed
nothing. A write names the revision it read: ``Match.objects.filter(pk=pk,
revision=r).update(..., revision=r + 1)``; no row updated means someone moved
first, and the caller gets :class:`MatchStale` with the fresh match.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from decks.models import Deck, DeckVersion
from decks.validation import FormatViolation, validate_deck
from games.bot_turns import bot_seat, bot_turns_hand_over
from games.decklists import DeckNotPlayable, deck_data, latest_version
from games.models import FirstTurn, Match, MatchNote, Mode, Status, new_invite_token
from games.play import GAMES, IllegalMove, RecordMismatch, seat_name
from games.records import (
    Position,
    digests_after,
    game_of,
    match_position,
    match_replayed,
    position_from,
    position_remember,
)
from games.rulesets import deck_rulesets, no_ruleset_message, played_under_refusal
from games.seeds import MAX_SEED, is_seed

# A bot answers its decisions in a Celery task (games.bot_turns), never in the request
# that handed it the turn; a Shén turn is a few dozen decisions, so this bound on one
# task's decisions is only reached by an engine bug.
MAX_BOT_ACTIONS = 1_000
# The bot's decisions are written as it goes, about this often: the player watches a slow
# bot's turn move along, and a task lost with its worker has lost little.
BOT_WRITE_SECONDS = 1.0
MAX_NOTE_LENGTH = 2_000
# Notes a match may hold: a bound on what one match stores and its replay page lists.
MAX_NOTES_PER_MATCH = 500


class MatchError(ValueError):
    """A match change that cannot be made, with a sentence saying why; nothing changed."""

    status = 400


class MatchForbidden(MatchError):
    """The user may not do this in this match (not their seat, not their match)."""

    status = 403


class MatchConflict(MatchError):
    """The match is not in a state that allows this (over, waiting, no undo asked)."""

    status = 409


class MatchStale(MatchConflict):
    """The action was chosen on a state the match has moved on from."""

    def __init__(self, match: Match) -> None:
        super().__init__(
            f"The match has moved on to state {match.number}; nothing was applied. "
            "Here is the match as it stands."
        )
        self.match = match


class DeckNotValid(MatchError):
    """A deck breaks its format: the violations say how."""

    def __init__(self, deck: Deck, violations: Sequence[FormatViolation]) -> None:
        super().__init__(f"{deck.name} is not valid for {deck.format.name}.")
        self.deck = deck
        self.violations = list(violations)


# -- starting ---------------------------------------------------------------------------


def match_create(
    *,
    owner: AbstractBaseUser,
    deck: Deck,
    mode: str,
    opponent_deck: Deck | None = None,
    bot_name: str = "random",
    ruleset: str | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
    first_turn: str = FirstTurn.DICE,
    game: str = "shen",
) -> Match:
    """A new match of ``owner``'s with ``deck``: hot-seat, against a bot, or an invitation
    for a friend (whose deck comes when they join). Without ``opponent_deck`` a hot-seat or
    bot match is a mirror match. Both decks must be valid for their formats.

    Without ``seed`` the server draws one (:func:`drawn_seed`); the engine is open and
    deterministic, so the seed foretells every draw and die: a friend match refuses a
    chosen one (it would show one player the other's cards), and a bot match with a
    chosen seed says on its table that the bot's cards are predictable."""
    if mode not in (Mode.HOTSEAT, Mode.BOT, Mode.FRIEND):
        raise MatchError(f"Unknown opponent {mode!r}: choose hotseat, bot or friend.")
    play = GAMES[game]
    if mode == Mode.BOT and bot_name not in play.bot_names():
        raise MatchError(f"Unknown bot {bot_name!r}: choose {', '.join(play.bot_names())}.")
    if first_turn not in FirstTurn.values:
        raise MatchError(f"Unknown first turn {first_turn!r}: choose dice, me or opponent.")
    ruleset = _allowed_ruleset(deck, ruleset, game)
    try:
        options = play.check_options(ruleset, options or {})
    except ValueError as error:
        raise MatchError(str(error)) from None
    seed_chosen = seed is not None
    if seed_chosen and mode == Mode.FRIEND:
        raise MatchError(
            "A friend match's seed is drawn by the server and kept secret until the match "
            "ends: neither player chooses it. Leave the seed out."
        )
    seed = _checked_seed(seed)
    # A friend brings their own deck when they join; otherwise no deck is a mirror match.
    opponent_deck = None if mode == Mode.FRIEND else opponent_deck or deck
    if opponent_deck is not None:
        _check_played_under(opponent_deck, ruleset, game)
    mine, mine_version = _pinned(deck)
    theirs, theirs_version = _pinned(opponent_deck) if opponent_deck else (None, None)
    seat = {
        FirstTurn.DICE: 0,
        FirstTurn.ME: play.first_seat(seed),
        FirstTurn.OPPONENT: 1 - play.first_seat(seed),
    }[first_turn]
    by_seat = _seated(
        seat, (owner, mine, deck, mine_version), (None, theirs, opponent_deck, theirs_version)
    )
    with transaction.atomic():
        match = Match.objects.create(
            game=game,
            owner=owner,
            mode=mode,
            bot_name=bot_name if mode == Mode.BOT else "",
            ruleset=ruleset,
            options=options,
            seed=seed,
            seed_chosen=seed_chosen,
            first_turn=first_turn,
            decks=[by_seat[0][1], by_seat[1][1]],
            red_user=by_seat[0][0],
            blue_user=by_seat[1][0],
            red_deck=by_seat[0][2],
            blue_deck=by_seat[1][2],
            red_version=by_seat[0][3],
            blue_version=by_seat[1][3],
            format=deck.format,
            invite_token=new_invite_token() if mode == Mode.FRIEND else None,
            status=Status.WAITING if mode == Mode.FRIEND else Status.PLAYING,
        )
        if match.status == Status.PLAYING:
            _begin(match)
    return match


def match_join(*, match: Match, user: AbstractBaseUser, deck: Deck) -> Match:
    """The invited friend takes the empty seat with one of their valid decks; play begins."""
    if match.status != Status.WAITING:
        raise MatchConflict("This invitation has already been taken up.")
    if user.pk == match.owner_id:
        raise MatchForbidden("This is your own invitation: send the link to a friend.")
    if deck.owner_id != user.pk or deck.deleted_at is not None:
        raise MatchForbidden("Choose one of your own decks.")
    _check_played_under(deck, match.ruleset, match.game)
    data, version = _pinned(deck)
    seat = 1 if match.red_user_id else 0
    decks = list(match.decks)
    decks[seat] = data
    prefix = ("red", "blue")[seat]
    fields = {f"{prefix}_user": user, f"{prefix}_deck": deck, f"{prefix}_version": version}
    with transaction.atomic():
        _write(match, decks=decks, status=Status.PLAYING, **fields)
        _begin(match)
    return match


def _begin(match: Match) -> None:
    """Record the starting state's digest, and let a bot that acts first act."""
    game = game_of(match)
    try:
        state, events = game.start(match.ruleset, match.options, match.decks, match.seed)
    except ValueError as error:
        raise MatchError(f"The decks cannot start a game: {error}") from None
    position = Position(0, state, ((0, tuple(events)),))
    Match.objects.filter(pk=match.pk).update(digests=[game.digest(state)])
    match.digests = [game.digest(state)]
    position_remember(match, position)
    bot_turns_hand_over(match, position)


def _allowed_ruleset(deck: Deck, ruleset: str | None, game: str) -> str:
    """The ruleset asked for, or the format's first, when the deck's format is played under it
    and the game can play it."""
    allowed = deck_rulesets(deck, game=game)
    if not allowed:
        raise MatchError(no_ruleset_message(deck.format))
    if ruleset is None or ruleset == "":
        return allowed[0]
    if ruleset not in allowed:
        raise MatchError(
            f"{deck.format.name} is not played under {ruleset!r}: choose {', '.join(allowed)}."
        )
    return ruleset


def _check_played_under(deck: Deck, ruleset: str, game: str) -> None:
    """The other deck of a match must be of a format played under the match's ruleset too."""
    if refusal := played_under_refusal(deck, ruleset, game=game):
        raise MatchError(refusal)


def drawn_seed() -> int:
    """A seed no player can guess, for a match whose seed nobody chose."""
    return secrets.randbelow(MAX_SEED + 1)


def _checked_seed(seed: Any) -> int:
    if seed is None:
        return drawn_seed()
    if not is_seed(seed):
        raise MatchError(f"A seed is a whole number from 0 to {MAX_SEED}.")
    return seed


def _pinned(deck: Deck) -> tuple[dict[str, Any], DeckVersion]:
    """The deck's newest version as engine data, checked against the deck's format."""
    violations = validate_deck(deck)
    if violations:
        raise DeckNotValid(deck, violations)
    try:
        version = latest_version(deck)
        data = deck_data(deck, version)
    except DeckNotPlayable as error:
        raise MatchError(f"{deck.name}: {error}") from None
    # A version a match was played with is never amended by later builder edits.
    DeckVersion.objects.filter(pk=version.pk).update(from_edits=False)
    return data, version


def _seated(seat: int, mine: tuple, theirs: tuple) -> tuple[tuple, tuple]:
    return (mine, theirs) if seat == 0 else (theirs, mine)


# -- who is who --------------------------------------------------------------------------


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


def viewer_seat(match: Match, user: AbstractBaseUser | None, position: Position) -> int | None:
    """Whose eyes ``user`` sees the table with: their seat; in hot-seat the seat to act."""
    seats = seats_of(match, user)
    if len(seats) == 1:
        return seats[0]
    if len(seats) == 2:
        return game_of(match).acting_seat(position.state)
    return None


# -- playing -----------------------------------------------------------------------------


def match_act(*, match: Match, user: AbstractBaseUser, action: Any, number: Any) -> Match:
    """Apply ``action`` (client JSON) chosen on state ``number``; in a bot match a task
    then answers the bot's decisions (queued once this commits). Raises MatchStale when
    the match has moved on, MatchForbidden when it is not the user's decision (the bot's
    included), MatchError when illegal."""
    if not isinstance(number, int) or isinstance(number, bool):
        raise MatchError("Send the state number the action was chosen on, a whole number.")
    _check_playing(match)
    if number != match.number:
        raise MatchStale(match)
    game = game_of(match)
    position = _position(match)
    acting = game.acting_seat(position.state)
    if acting not in seats_of(match, user):
        raise MatchForbidden(f"It is {seat_name(acting)}'s decision, not yours.")
    try:
        parsed = game.action_from_json(action)
        state, events = game.apply(position.state, parsed)
    except IllegalMove as error:
        raise MatchError(f"That action is not legal: {error}") from None
    position = position.followed_by(state, events)
    _extend(match, position, [game.action_to_json(parsed)], [state])
    bot_turns_hand_over(match, position)
    return match


def match_bot_move(*, match_id: int, number: int, seconds: float = BOT_WRITE_SECONDS) -> int:
    """The bot of match ``match_id`` answers its decisions from state ``number`` on, for
    about ``seconds`` of thinking (at least one decision), and they are written; how many
    (0: nothing to do: no such bot match in play, it moved on from ``number``, or the
    decision is not the bot's).

    The bot thinks without holding anything; then the row is locked and written only if
    no one wrote it meanwhile (an undo, a resignation, another task). The bot of each
    decision is seeded by the match and the state number, so any task, run any number of
    times in any process, makes the same decisions. Raises RecordMismatch when the record
    no longer replays (no task can help that match)."""
    match = Match.objects.filter(pk=match_id, mode=Mode.BOT, status=Status.PLAYING).first()
    if match is None or match.number != number:
        return 0
    game = game_of(match)
    position = match_position(match)
    seat = bot_seat(match)
    applied: list[dict] = []
    states = []
    deadline = time.monotonic() + seconds
    while game.acting_seat(position.state) == seat and len(applied) < MAX_BOT_ACTIONS:
        if applied and time.monotonic() > deadline:
            break
        bot = game.bot(match.bot_name, _bot_seed(match.seed, position.number))
        action = bot.choose(position.state)
        state, events = game.apply(position.state, action)
        position = position.followed_by(state, events)
        applied.append(game.action_to_json(action))
        states.append(state)
    if not applied:
        return 0
    with transaction.atomic():
        locked = Match.objects.select_for_update().filter(pk=match.pk)
        if locked.values_list("revision", flat=True).first() != match.revision:
            return 0
        _extend(match, position, applied, states)
    return len(applied)


def _extend(match: Match, position: Position, applied: list[dict], states: list[Any]) -> None:
    """Write ``applied``, the actions played from the match's state on, whose ``states``
    lead to ``position``: the record, its digests and a result that ends the match."""
    game = game_of(match)
    first = match.number + 1
    result = game.result(position.state)
    _write(
        match,
        actions=[*match.actions, *applied],
        number=match.number + len(applied),
        digests=digests_after(game, match.digests, match.digest_every, states, first),
        status=Status.FINISHED if result else match.status,
        result=result,
        undo_requested_by=None,
    )
    position_remember(match, position)


def _bot_seed(seed: int, number: int) -> int:
    # One bot per decision, seeded by the match and the state: the same match record
    # always gets the same bot answers, in any process.
    return seed * 1_000_003 + number


def match_resign(*, match: Match, user: AbstractBaseUser) -> Match:
    """The user's side gives up; the other side wins. In hot-seat the side to act resigns."""
    _check_playing(match)
    seats = seats_of(match, user)
    if not seats:
        raise MatchForbidden("Only a player of this match can resign it.")
    seat = seats[0]
    if len(seats) == 2:
        seat = game_of(match).acting_seat(_position(match).state)
    _write(
        match,
        status=Status.RESIGNED,
        result={"winner": 1 - seat, "reason": "resigned"},
        undo_requested_by=None,
    )
    return match


def match_undo(*, match: Match, user: AbstractBaseUser) -> Match:
    """Take back the user's last decision (and whatever came after it). In a friend match
    this asks the opponent, who answers with :func:`match_undo_answer`."""
    _check_playing(match)
    seats = seats_of(match, user)
    if not seats:
        raise MatchForbidden("Only a player of this match can undo.")
    if match.mode == Mode.FRIEND:
        if match.undo_requested_by is not None:
            raise MatchConflict("An undo is already waiting for an answer.")
        _undo_target(match, seats[0])  # refuse now when there is nothing to undo
        _write(match, undo_requested_by=seats[0])
        return match
    replayed = match_replayed(match)
    # In hot-seat the side that made the last decision takes it back.
    seat = seats[0] if len(seats) == 1 else _seat_at(match, replayed, match.number - 1)
    _truncate(match, _undo_target(match, seat, replayed), replayed)
    return match


def match_undo_answer(*, match: Match, user: AbstractBaseUser, accept: bool) -> Match:
    """The opponent accepts (the game goes back) or declines an undo request."""
    _check_playing(match)
    asker = match.undo_requested_by
    if asker is None:
        raise MatchConflict("No undo is waiting for an answer.")
    if 1 - asker not in seats_of(match, user):
        raise MatchForbidden("Only the opponent of the player who asked can answer.")
    if not accept:
        _write(match, undo_requested_by=None)
        return match
    replayed = match_replayed(match)
    _truncate(match, _undo_target(match, asker, replayed), replayed)
    return match


def _seat_at(match: Match, replayed, number: int) -> int | None:
    if number < 0:
        return None
    return game_of(match).acting_seat(replayed.states[number])


def _undo_target(match: Match, seat: int | None, replayed=None) -> int:
    """The latest state before this one where ``seat`` was to decide."""
    replayed = replayed or match_replayed(match)
    for number in range(match.number - 1, -1, -1):
        if seat is not None and _seat_at(match, replayed, number) == seat:
            return number
    raise MatchConflict("There is no earlier decision of yours to go back to.")


def _truncate(match: Match, number: int, replayed) -> None:
    _write(
        match,
        actions=match.actions[:number],
        number=number,
        digests=match.digests[: number // match.digest_every + 1],
        undo_requested_by=None,
    )
    kept = type(replayed)(replayed.states[: number + 1], replayed.events[: number + 1])
    position_remember(match, position_from(kept))


def match_note_add(*, match: Match, user: AbstractBaseUser, number: Any, text: str) -> MatchNote:
    """A play-test note by a player of the match on state ``number``."""
    if not seats_of(match, user) and user.pk != match.owner_id:
        raise MatchForbidden("Only a player of this match can add notes to it.")
    if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number <= match.number:
        raise MatchError(f"A note is about a state from 0 to {match.number}.")
    text = (text or "").strip()
    if not text or len(text) > MAX_NOTE_LENGTH:
        raise MatchError(f"A note has 1 to {MAX_NOTE_LENGTH} characters.")
    if MatchNote.objects.filter(match=match).count() >= MAX_NOTES_PER_MATCH:
        raise MatchError(f"This match holds {MAX_NOTES_PER_MATCH} notes, the most it may.")
    return MatchNote.objects.create(match=match, author=user, number=number, text=text)


# -- the row -----------------------------------------------------------------------------


def _check_playing(match: Match) -> None:
    if match.status == Status.WAITING:
        raise MatchConflict("The match has not begun: the invited friend has not joined yet.")
    if match.status != Status.PLAYING:
        raise MatchConflict("The match is over.")


def _position(match: Match) -> Position:
    try:
        return match_position(match)
    except RecordMismatch as error:
        raise MatchConflict(str(error)) from None


def _write(match: Match, **fields: Any) -> None:
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
