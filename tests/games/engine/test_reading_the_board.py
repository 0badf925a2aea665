"""Small readings of a position: ranged reach, king steps, Avatars' traits, a hand's faces."""

from dataclasses import replace

from games.engine.avatars import trait_value, with_avatar
from games.engine.board import Geometry
from games.engine.movement import ranged_targets_within
from games.engine.playing import distinct_cards
from games.engine.state import Avatar, Modifier
from games.engine.testing.samples import sample_game


def test_ranged_targets_are_opponents_in_spaces_within_reach_in_board_order():
    state = sample_game(3, max_turns=2).final
    board = state.board
    space = board.parse_space
    shooter = Avatar(1, 0, space("b2"), False)
    avatars = (
        Avatar(9, 1, space("h8"), False),  # six spaces away
        Avatar(7, 1, space("f6"), False),
        shooter,
        Avatar(3, 0, space("b3"), False),  # its own
        Avatar(5, 1, board.parse_vertex("C3"), True),  # on the Spirit Path
        Avatar(4, 1, space("a1"), False),
    )
    state = replace(state, avatars=avatars)
    assert ranged_targets_within(state, shooter, 4) == [7, 4]
    assert ranged_targets_within(state, shooter, 2) == [4]


def test_king_steps_name_the_corner_a_diagonal_step_crosses():
    board = Geometry(8, 8)
    c3 = board.parse_space("c3")
    steps = dict(board.king_steps[c3])
    assert steps[board.parse_space("d4")] == board.parse_vertex("D4")
    assert steps[board.parse_space("b2")] == board.parse_vertex("C3")
    assert steps[board.parse_space("c4")] == -1
    assert len(steps) == 8


def test_with_avatar_replaces_the_same_card_in_place_or_changes_nothing():
    one, two = Avatar(1, 0, 5, False), Avatar(2, 1, 9, False)
    moved = replace(two, at=10)
    assert with_avatar((one, two), moved) == (one, moved)
    assert with_avatar((one,), moved) == (one,)


def test_traits_follow_the_turns_modifiers():
    state = sample_game(3, max_turns=2).final
    avatar = state.avatars[0]
    before = trait_value(state, avatar, "melee")
    boosted = replace(state, modifiers=(Modifier(avatar.card, "melee", 2),))
    assert trait_value(boosted, avatar, "melee") == before + 2
    assert trait_value(state, avatar, "melee") == before


def test_a_hands_distinct_cards_are_the_first_of_each_face_compared_by_value():
    state = sample_game(3, max_turns=2).final
    cards = state.cards
    # Equal faces that are distinct objects still count as one face.
    cards = tuple(replace(spec) for spec in cards)
    state = replace(state, cards=cards)
    twins = [c for c in range(len(cards)) if cards[c] == cards[0]]
    other = next(c for c in range(len(cards)) if cards[c] != cards[0])
    assert len(twins) > 1
    hand = (*twins, other, twins[0])
    assert distinct_cards(state, hand) == [twins[0], other]
    assert distinct_cards(state, (other, *twins)) == [other, twins[0]]
    assert distinct_cards(state, ()) == []
