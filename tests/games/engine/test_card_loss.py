"""Losing cards: the loser chooses from hand, discard and deck top (R24)."""

from games.engine import LoseCards
from games.engine.card_piles import default_loss
from games.engine.decisions import ChooseLostCards
from games.engine.testing.scenario import BLUE, RED, action_card
from tests.games.engine.cards import SENTINEL
from tests.games.engine.tables import bare_table

DRAIN = action_card("Drain", {"verb": "opponent_loses_cards", "count": 3})
KINDLE = action_card("Kindle", realm="water")
CALM = action_card("Calm", realm="water")


def _drain(**piles):
    builder = bare_table().hand(RED, DRAIN)
    builder.fill(RED, deck=5)
    builder.hand(BLUE, *piles.get("hand", ()))
    builder.deck(BLUE, *piles.get("deck", ()))
    builder.discard(BLUE, *piles.get("discard", ()))
    return builder.activation(RED)


def test_loser_chooses_any_mix_of_hand_discard_and_deck_top_R24():
    scene = _drain(hand=[KINDLE, CALM], deck=[KINDLE] * 4, discard=[CALM, KINDLE])
    scene.do("play drain")
    scene.expect(ChooseLostCards)
    assert scene.decision.player == BLUE
    scene.do("lose hand calm discard kindle deck 1")
    assert scene.pile(BLUE, "hand") == ["kindle"]
    assert scene.pile(BLUE, "discard") == ["calm"]
    assert len(scene.state.decks[BLUE]) == 3
    assert sorted(scene.pile(BLUE, "out")) == ["calm", "kindle", "kindle"]
    scene.done()


def test_loss_must_be_exactly_the_count_R24():
    scene = _drain(hand=[KINDLE, CALM], deck=[KINDLE] * 4).do("play drain")
    reason = scene.refused(LoseCards(from_deck=1))
    assert "exactly 3" in reason
    scene.do("lose deck 3").done()


def test_lost_cards_must_be_in_the_named_pile_R24():
    scene = _drain(hand=[KINDLE], deck=[KINDLE] * 4).do("play drain")
    card = scene.state.decks[BLUE][0]
    # A card of the deck is one its owner does not see: it is refused by its number alone.
    reason = scene.refused(LoseCards(from_deck=2, hand=(card,)))
    assert reason == f"card {card} is not one you can choose now"
    scene.do("lose deck 2 hand kindle").done()


def test_player_asked_for_more_cards_than_they_have_loses_them_all_R24():
    scene = _drain(hand=[KINDLE], discard=[CALM]).do("play drain")
    assert scene.cards_lost(BLUE) == 2
    assert scene.state.result.winner == RED  # and is out of cards (R25)


def test_only_a_deck_left_is_taken_from_the_top_without_asking_R24():
    scene = _drain(deck=[KINDLE, CALM, KINDLE, CALM]).do("play drain")
    assert scene.pile(BLUE, "deck") == ["calm"]
    scene.done()


def test_cards_in_play_never_count_R24():
    builder = bare_table().hand(RED, DRAIN)
    builder.fill(RED, deck=5).avatar(BLUE, SENTINEL, "f6").hand(BLUE, KINDLE)
    scene = builder.activation(RED).do("play drain")
    assert scene.find("tide-sentinel") is not None
    assert scene.state.result.winner == RED


def test_bot_default_takes_discard_then_deck_top_then_hand_R24():
    scene = _drain(hand=[KINDLE, CALM], deck=[KINDLE, KINDLE], discard=[CALM])
    loss = default_loss(scene.state, BLUE, 4)
    assert loss.from_deck == 2
    assert [scene.state.cards[c].slug for c in loss.discard] == ["calm"]
    assert len(loss.hand) == 1
