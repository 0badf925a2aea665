"""Every verb of the effect vocabulary, carried out by the engine."""

from games.engine.actions import Pass, ReturnCards
from games.engine.avatars import trait_value
from games.engine.decisions import (
    ActivationStep,
    ChooseLostCards,
    ChooseReturnedCards,
    PlaceEffectCounters,
    RemoveEffectCounters,
)
from games.engine.events import CardsReturned
from games.engine.testing.scenario import BLUE, RED, ability, action_card, avatar_card, remains_card
from tests.games.engine.cards import FLAME_SPIRIT, SENTINEL, WARDEN, WAVE_SPIRIT
from tests.games.engine.tables import table

KINDLE, RAGE, CALM = action_card("Kindle"), action_card("Rage"), action_card("Calm")


def _table():
    """Red's hand starts empty: tests here count what comes into it."""
    return table(red_hand=0)


def test_draw_cards():
    kindle = action_card("Kindle", {"verb": "draw_cards", "count": 3})
    scene = _table().hand(RED, kindle).activation(RED).do("play kindle")
    assert len(scene.state.hands[RED]) == 3


def test_place_counters_one_at_a_time_with_capture():
    seed = action_card("Ember Seed", {"verb": "place_counters", "count": 2})
    builder = _table().hand(RED, seed).counters(BLUE, "D4").counters(RED, "C4 E4")
    scene = builder.activation(RED).do("play ember-seed")
    assert scene.decision == PlaceEffectCounters(RED, 2)
    scene.do("D3")
    assert scene.decision == PlaceEffectCounters(RED, 1)
    scene.do("D5", "lose deck 1")
    assert scene.counters(BLUE) == ""
    assert scene.decision == ActivationStep(BLUE)


def test_place_counters_may_stop_early():
    seed = action_card("Ember Seed", {"verb": "place_counters", "count": 2})
    scene = _table().hand(RED, seed).activation(RED).do("play ember-seed", "C3", "pass")
    assert scene.counters(RED) == "C3"
    scene.done()


def test_remove_counters_within_range_of_the_source():
    scorch = ability("Scorch", "activated", {"verb": "remove_counters", "count": 2, "range": 0})
    burner = avatar_card("Burner", abilities=[scorch])
    builder = _table().counters(BLUE, "C3 D4 F6").avatar(RED, burner, "c3")
    scene = builder.activation(RED).do("c3 uses Scorch")
    assert isinstance(scene.decision, RemoveEffectCounters)
    assert sorted(scene.legal()) == ["pass", "take C3", "take D4"]
    scene.do("take D4", "pass")
    assert scene.counters(BLUE) == "C3 F6"
    assert scene.cards_lost(BLUE) == 0  # removed, not captured
    scene.do("pass")  # the follow-up move
    scene.done()


def test_modify_trait_until_end_of_turn():
    fury = ability("Fury", "activated", {"verb": "modify_trait", "trait": "melee", "amount": 2})
    brute = avatar_card("Brute", melee=1, abilities=[fury])
    scene = _table().avatar(RED, brute, "c3").activation(RED).do("c3 uses Fury", "pass")
    # +2, and −1 for the exhaustion the ability caused
    assert trait_value(scene.state, scene.avatar("c3"), "melee") == 2
    scene.do("pass", "pass")
    assert trait_value(scene.state, scene.avatar("c3"), "melee") == 1


def test_modify_trait_never_below_zero():
    sap = action_card(
        "Sap",
        {"verb": "modify_trait", "trait": "defense", "amount": -5, "target": "opponent_avatar"},
        target="opponent_avatar",
    )
    scene = _table().avatar(BLUE, SENTINEL, "f6").hand(RED, sap).activation(RED)
    scene.do("play sap on f6")
    assert trait_value(scene.state, scene.avatar("f6"), "defense") == 0


def test_modify_trait_while_attached_lasts_as_long_as_the_card():
    banner = remains_card(
        "Banner",
        {"verb": "modify_trait", "trait": "defense", "amount": 1, "duration": "while_attached"},
    )
    scene = _table().avatar(RED, WARDEN, "c3").hand(RED, banner).activation(RED)
    scene.do("play banner on c3", "pass", "pass", "pass")
    assert trait_value(scene.state, scene.avatar("c3"), "defense") == 3


def test_extra_dice_outside_combat_does_nothing():
    rage = action_card("Rage", {"verb": "extra_dice", "count": 2})
    scene = _table().hand(RED, rage).activation(RED).do("play rage")
    assert scene.decision == ActivationStep(BLUE)


def test_opponent_loses_cards():
    drain = action_card("Drain", {"verb": "opponent_loses_cards", "count": 2})
    scene = _table().hand(RED, drain).activation(RED).do("play drain")
    scene.expect(ChooseLostCards)
    scene.do("lose deck 2")
    assert scene.cards_lost(BLUE) == 2


def _recall_scene(*discards, count: int = 2):
    """Red plays Recall (gain_cards_back ``count``) with ``discards`` in the pile."""
    recall = action_card("Recall", {"verb": "gain_cards_back", "count": count})
    builder = _table().hand(RED, recall).discard(RED, *discards)
    return builder.activation(RED).do("play recall")


def test_gain_cards_back_lets_the_owner_choose_which_discards_return():
    scene = _recall_scene(KINDLE, RAGE, CALM)
    assert scene.decision == ChooseReturnedCards(RED, 2)
    scene.do("return kindle, rage")
    assert sorted(scene.pile(RED, "hand")) == ["kindle", "rage"]
    assert scene.pile(RED, "discard") == ["calm", "recall"]
    assert scene.last[0] == CardsReturned("Red", ("Kindle", "Rage"))
    assert scene.decision == ActivationStep(BLUE)


def test_gain_cards_back_may_return_fewer_than_count():
    scene = _recall_scene(KINDLE, RAGE, CALM).do("return calm")
    assert scene.pile(RED, "hand") == ["calm"]
    assert scene.pile(RED, "discard") == ["kindle", "rage", "recall"]


def test_gain_cards_back_may_return_nothing():
    scene = _recall_scene(KINDLE, RAGE).do("return none")
    assert scene.pile(RED, "hand") == []
    assert scene.last == [CardsReturned("Red", ())]


def test_gain_cards_back_lists_the_newest_discards_first():
    scene = _recall_scene(KINDLE, RAGE, CALM).expect(ChooseReturnedCards)
    assert scene.legal() == ["return calm, rage", "return calm", "return none"]


def test_gain_cards_back_of_one_lists_each_distinct_card():
    scene = _recall_scene(KINDLE, RAGE, KINDLE, count=1).expect(ChooseReturnedCards)
    assert scene.legal() == ["return kindle", "return rage", "return none"]


def test_gain_cards_back_rejects_a_card_not_in_the_discard_pile():
    scene = _recall_scene(KINDLE, RAGE).expect(ChooseReturnedCards)
    assert scene.refused("return calm") == "no calm left in the discard pile"
    # A card of the deck is one its owner does not see: refused by its number alone.
    in_deck = scene.state.decks[RED][0]
    refused = scene.refused(ReturnCards((in_deck,)))
    assert refused == f"card {in_deck} is not one you can choose now"


def test_gain_cards_back_rejects_more_cards_than_count():
    scene = _recall_scene(KINDLE, RAGE, CALM).expect(ChooseReturnedCards)
    assert "at most 2 cards" in scene.refused("return kindle, rage, calm")


def test_gain_cards_back_rejects_a_card_named_twice():
    scene = _recall_scene(KINDLE, RAGE).expect(ChooseReturnedCards)
    kindle = scene.card("kindle", RED, "discard")
    assert "named twice" in scene.refused(ReturnCards((kindle, kindle)))


def test_gain_cards_back_rejects_another_kind_of_answer():
    scene = _recall_scene(KINDLE).expect(ChooseReturnedCards)
    assert "to return to hand" in scene.refused(Pass())


def test_gain_cards_back_with_empty_discard_asks_nothing():
    scene = _recall_scene()
    assert scene.decision == ActivationStep(BLUE)
    assert "Red returns nothing to hand" in scene.log()
    assert scene.pile(RED, "discard") == ["recall"]


def test_refresh_avatar():
    rest = action_card(
        "Rest", {"verb": "refresh_avatar", "target": "own_avatar"}, target="own_avatar"
    )
    builder = _table().avatar(RED, WARDEN, "c3", exhausted=True).hand(RED, rest)
    scene = builder.activation(RED).do("play rest on c3")
    assert not scene.avatar("c3").exhausted


def test_exhaust_avatar():
    calm = action_card(
        "Calm", {"verb": "exhaust_avatar", "target": "any_avatar"}, target="any_avatar"
    )
    scene = _table().avatar(BLUE, SENTINEL, "f6").hand(RED, calm).activation(RED)
    scene.do("play calm on f6")
    assert scene.avatar("f6").exhausted


def test_walk_spirit_path_and_leave_it_by_ability():
    ascend = ability("Ascend", "activated", {"verb": "walk_spirit_path", "target": "self"})
    descend = ability("Descend", "activated", {"verb": "leave_spirit_path", "target": "self"})
    adept = avatar_card("Adept", abilities=[ascend, descend])
    scene = _table().avatar(RED, adept, "c3").activation(RED)
    assert "c3 uses Ascend to D4" in scene.legal()
    scene.do("c3 uses Ascend to D4", "pass")
    assert scene.at("D4") == "adept"
    assert scene.avatar("D4").on_path


def test_leave_spirit_path_by_remains_card():
    surface = remains_card("Surface", {"verb": "leave_spirit_path", "target": "self"})
    scene = _table().avatar(RED, FLAME_SPIRIT, "D4").hand(RED, surface).activation(RED)
    scene.do("play surface on D4 to c4")
    assert scene.at("c4") == "flame-spirit"
    scene.do("pass", "remove surface to D5")
    assert scene.at("D5") == "flame-spirit"


def test_on_manifest_ability_runs_when_the_avatar_arrives():
    herald = avatar_card(
        "Herald", abilities=[ability("Arrive", "on_manifest", {"verb": "draw_cards", "count": 2})]
    )
    scene = _table().hand(RED, herald).activation(RED).do("play herald at c3")
    assert len(scene.state.hands[RED]) == 2


def test_passive_modify_trait_on_the_avatar_itself():
    giant = avatar_card(
        "Giant",
        melee=2,
        abilities=[
            ability("Huge", "passive", {"verb": "modify_trait", "trait": "melee", "amount": 2})
        ],
    )
    scene = _table().avatar(RED, giant, "c3").activation(RED)
    assert trait_value(scene.state, scene.avatar("c3"), "melee") == 4


def test_removing_a_counter_under_a_walker_can_leave_its_group_captured():
    scorch = action_card(
        "Scorch", {"verb": "remove_counters", "count": 1, "range": 1}, target="opponent_avatar"
    )
    builder = _table().counters(BLUE, "E5 D5").counters(RED, "C5 D4 D6 E4 E6 F5")
    scene = builder.avatar(BLUE, WAVE_SPIRIT, "E5").hand(RED, scorch).activation(RED)
    # Blue's D5 breathes only through its own E5, where the walker stands.
    scene.do("play scorch on E5", "take E5", "lose deck 1")
    assert scene.counters(BLUE) == ""
    assert scene.cards_lost(BLUE) == 1
