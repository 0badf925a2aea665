"""Hidden information with more than two seats (M9): each player sees only their own
hand, also in team games."""

from games.engine.actions import LoseCards, PlayCard
from games.engine.client.action_json import action_from_json, action_to_json
from games.engine.client.decision_view import describe_decision
from games.engine.events import CardsLost
from games.engine.game import apply
from games.engine.testing.scenario import BLUE, GREEN, RED, YELLOW
from games.engine.view import HIDDEN, HIDDEN_SPEC, redact_events, seen_by, view_for
from tests.games.engine.cards import WARDEN
from tests.games.engine.multiplayer import rules, seated


def _team_table():
    """Four seats in two teams: Red and Green against Blue and Yellow."""
    return seated(4, teams=2).activation(RED).state


def test_m9_view_hides_a_team_mates_hand():
    state = _team_table()
    seen = view_for(state, RED)
    assert set(seen.hands[GREEN]) == {HIDDEN}
    assert all(seen.cards[card] == HIDDEN_SPEC for card in state.hands[GREEN])
    assert seen.hands[RED] == state.hands[RED]


def test_m9_view_hides_every_other_seat():
    state = _team_table()
    for player in (RED, BLUE, GREEN, YELLOW):
        seen = view_for(state, player)
        for other in (RED, BLUE, GREEN, YELLOW):
            shown = seen.hands[other] == state.hands[other]
            assert shown == (other == player)
        assert all(set(deck) == {HIDDEN} for deck in seen.decks)


def test_m9_a_spectator_sees_no_hand():
    seen = view_for(_team_table(), None)
    assert all(set(hand) == {HIDDEN} for hand in seen.hands)


def test_m9_lost_cards_of_a_team_mate_are_hidden_in_the_log():
    lost = CardsLost("Green", 1, ("Filler",), (), 0)
    (for_red,) = redact_events([lost], RED)
    assert for_red.hand == (HIDDEN_SPEC.name,)
    assert redact_events([lost], GREEN) == [lost]


def test_m9_a_team_mates_hand_is_not_seen_in_refusals():
    state = _team_table()
    green_card = state.hands[GREEN][0]
    assert not seen_by(state, RED, green_card)
    assert seen_by(state, GREEN, green_card)


def test_m9_a_refusal_does_not_name_a_team_mates_card():
    state = _team_table()
    green_card = state.hands[GREEN][0]
    try:
        apply(state, PlayCard(green_card))
    except ValueError as refusal:
        assert "Filler" not in str(refusal)
    else:
        raise AssertionError("Red played Green's card")


def test_m9_a_named_loss_shows_who_loses_in_words():
    builder = seated(3, ruleset=rules(claim_loss="chosen_opponent"))
    builder.holds(RED, "j1").holds(RED, "a10").avatar(RED, WARDEN, "a1")
    scene = builder.activation(RED).do("a1 claims")
    view = describe_decision(scene.state)
    assert view.kind == "choose_opponent"
    options = [option for group in view.groups for option in group.options]
    assert [option.words for option in options] == ["Blue loses 2 cards", "Green loses 2 cards"]
    assert "name the opponent who loses 2 cards" in view.prompt
    action = options[1].action
    assert action_to_json(action) == {"type": "name_opponent", "opponent": GREEN}
    assert action_from_json({"type": "name_opponent", "opponent": GREEN}) == action
    scene.act(action).act(LoseCards(2))
    assert scene.cards_lost(GREEN) == 2
