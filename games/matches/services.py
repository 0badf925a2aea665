"""Match workflows: create, join, rematch, act, resign, undo, notes.

Every service takes keyword arguments, checks its input and either writes or
raises a :class:`MatchError` (whose ``status`` is the HTTP answer) having changed
nothing. A write names the revision it read: ``Match.objects.filter(pk=pk,
revision=r).update(..., revision=r + 1)``; no row updated means someone moved
first, and the caller gets :class:`MatchStale` with the fresh match.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import F

from decks.models import Deck, DeckVersion
from decks.validation import validate_deck
from games.decklists import DeckNotPlayable, deck_data, latest_version
from games.matches.bot_turns import bot_turns_hand_over
from games.matches.errors import (
    DeckNotValid,
    MatchConflict,
    MatchError,
    MatchForbidden,
    MatchStale,
)
from games.matches.record_writes import record_extend, record_write
from games.matches.records import (
    Position,
    game_of,
    match_position,
    match_replayed,
    position_from,
    position_remember,
)
from games.matches.seats import seats_of
from games.models import FirstTurn, Match, MatchNote, Mode, Status, new_invite_token
from games.play import GAMES, IllegalMove, RecordMismatch, seat_name
from games.rulesets import deck_rulesets, format_game, no_ruleset_message, played_under_refusal
from games.seeds import MAX_SEED, is_seed

MAX_NOTE_LENGTH = 2_000
# Notes a match may hold: a bound on what one match stores and its replay page lists.
MAX_NOTES_PER_MATCH = 500


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
    game = format_game(deck.format)
    play = GAMES[game]
    if mode == Mode.BOT and bot_name not in play.bot_names():
        raise MatchError(f"Unknown bot {bot_name!r}: choose {', '.join(play.bot_names())}.")
    if first_turn not in FirstTurn.values:
        raise MatchError(f"Unknown first turn {first_turn!r}: choose dice, me or opponent.")
    ruleset = _allowed_ruleset(deck, ruleset)
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
        _check_played_under(opponent_deck, ruleset)
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
            **_seat_fields(by_seat),
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
    _check_played_under(deck, match.ruleset)
    data, version = _pinned(deck)
    seat = 1 if match.red_user_id else 0
    decks = list(match.decks)
    decks[seat] = data
    prefix = ("red", "blue")[seat]
    fields = {f"{prefix}_user": user, f"{prefix}_deck": deck, f"{prefix}_version": version}
    with transaction.atomic():
        record_write(match, decks=decks, status=Status.PLAYING, **fields)
        _begin(match)
    return match


def match_rematch(*, match: Match, user: AbstractBaseUser) -> Match:
    """The match played again once it is over, asked for by one of its players: the same
    players (or bot), decks (the versions played) and options, on a new seed nobody chose,
    with the seats swapped. When the dice chose who went first, each side takes the
    other's colour and the dice choose again; when the match chose it, the side that went
    first goes second (and the seed seats the colours, as for any chosen first turn). A
    friend match's rematch is an invitation, as a new one is: the asker keeps their deck
    and the friend brings one when they join. A match has one rematch: asked again, by
    either player, it is that one."""
    if match.mode not in (Mode.HOTSEAT, Mode.BOT, Mode.FRIEND):
        raise MatchError("An imported replay has no players to play it again.")
    seats = seats_of(match, user)
    if not seats:
        raise MatchForbidden("Only a player of this match can ask for a rematch.")
    if not match.is_over:
        raise MatchConflict("A rematch is for a match that is over.")
    if (asked := Match.objects.filter(rematch_of=match).first()) is not None:
        return asked
    game = game_of(match)
    seed = drawn_seed()
    sides = [
        (match.users[seat], match.decks[seat], match.decks_of_seats[seat], version)
        for seat, version in enumerate((match.red_version, match.blue_version))
    ]
    if match.mode == Mode.FRIEND:
        mine = seats[0]
        sides[1 - mine] = (None, None, None, None)  # the friend's deck comes when they join
    else:
        mine = 0 if match.red_user_id == user.pk else 1
    if match.first_turn == FirstTurn.DICE:
        seat_of = {0: 1, 1: 0}
        first_turn = FirstTurn.DICE
    else:
        went_first, goes_first = game.first_seat(match.seed), game.first_seat(seed)
        seat_of = {went_first: 1 - goes_first, 1 - went_first: goes_first}
        first_turn = FirstTurn.ME if seat_of[mine] == goes_first else FirstTurn.OPPONENT
    by_seat = [None, None]
    for seat, side in enumerate(sides):
        by_seat[seat_of[seat]] = side
    friend = match.mode == Mode.FRIEND
    with transaction.atomic():
        try:
            with transaction.atomic():
                rematch = Match.objects.create(
                    game=match.game,
                    owner=user,
                    mode=match.mode,
                    bot_name=match.bot_name,
                    ruleset=match.ruleset,
                    options=match.options,
                    seed=seed,
                    first_turn=first_turn,
                    **_seat_fields(by_seat),
                    format=match.format,
                    invite_token=new_invite_token() if friend else None,
                    status=Status.WAITING if friend else Status.PLAYING,
                    rematch_of=match,
                )
        except IntegrityError:  # the other player asked at the same moment
            return Match.objects.get(rematch_of=match)
        if rematch.status == Status.PLAYING:
            _begin(rematch)
        # The match's page changes (it names its rematch): its ETag with it, so a page
        # open on it (the friend's) draws the invitation.
        Match.objects.filter(pk=match.pk).update(revision=F("revision") + 1)
    return rematch


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


def _allowed_ruleset(deck: Deck, ruleset: str | None) -> str:
    """The ruleset asked for, or the format's first, when the deck's format is played under it
    and the game can play it."""
    allowed = deck_rulesets(deck)
    if not allowed:
        raise MatchError(no_ruleset_message(deck.format))
    if ruleset is None or ruleset == "":
        return allowed[0]
    if ruleset not in allowed:
        raise MatchError(
            f"{deck.format.name} is not played under {ruleset!r}: choose {', '.join(allowed)}."
        )
    return ruleset


def _check_played_under(deck: Deck, ruleset: str) -> None:
    """The other deck of a match must be of a format played under the match's ruleset too."""
    if refusal := played_under_refusal(deck, ruleset):
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


def _seat_fields(by_seat: Sequence[tuple]) -> dict[str, Any]:
    """A new match's fields of who sits where, from (user, deck data, deck, version) per
    seat, Red's first."""
    red, blue = by_seat
    return {
        "decks": [red[1], blue[1]],
        "red_user": red[0],
        "blue_user": blue[0],
        "red_deck": red[2],
        "blue_deck": blue[2],
        "red_version": red[3],
        "blue_version": blue[3],
    }


# -- who is who --------------------------------------------------------------------------


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
    record_extend(match, position, [game.action_to_json(parsed)], [state])
    bot_turns_hand_over(match, position)
    return match


def match_resign(*, match: Match, user: AbstractBaseUser) -> Match:
    """The user's side gives up; the other side wins. In hot-seat the side to act resigns."""
    _check_playing(match)
    seats = seats_of(match, user)
    if not seats:
        raise MatchForbidden("Only a player of this match can resign it.")
    seat = seats[0]
    if len(seats) == 2:
        seat = game_of(match).acting_seat(_position(match).state)
    record_write(
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
        record_write(match, undo_requested_by=seats[0])
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
        record_write(match, undo_requested_by=None)
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
    record_write(
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
