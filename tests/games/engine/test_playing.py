"""Playing Avatars, Items, Remains in Play and Actions (R16, R17)."""

from games.engine import PlayCard, RemoveRemains
from games.engine.avatars import trait_value
from games.engine.decisions import ActivationStep
from games.engine.testing.scenario import BLUE, RED, action_card, item_card, remains_card
from tests.games.engine.cards import FIRE_BLADE, FLAME_SPIRIT, SPIRIT_WALK, WARDEN
from tests.games.engine.tables import table

HEAVY_CHAINS = remains_card(
    "Heavy Chains",
    {"verb": "modify_trait", "trait": "movement", "amount": -1, "duration": "while_attached"},
    target="opponent_avatar",
)


def _table():
    """Red's hand starts empty: tests here count what comes into it."""
    return table(red_hand=0)


def test_manifested_avatar_enters_exhausted_and_not_yet_activated_R17():
    scene = _table().hand(RED, WARDEN).activation(RED)
    scene.do("play ember-warden at c3")
    warden = scene.avatar("c3")
    assert warden.exhausted and not warden.activated
    assert scene.pile(RED, "hand") == []


def test_just_manifested_avatar_may_move_with_the_exhausted_penalty_R17():
    scene = _table().hand(RED, WARDEN).activation(RED)
    scene.do("play ember-warden at c3", "pass")
    assert "c3-c4" in scene.legal()
    assert "c3-c5" not in scene.legal()  # movement 2 − 1


def test_spirit_avatar_manifests_on_a_vertex_and_walks_the_path_R16():
    scene = _table().hand(RED, FLAME_SPIRIT).activation(RED)
    scene.do("play flame-spirit at D4")
    assert scene.at("D4") == "flame-spirit"
    assert scene.state.grid.is_blocked(scene.vertex("D4"))


def test_spirit_avatar_may_not_manifest_on_an_opponents_counter_R16():
    scene = _table().counters(BLUE, "D4").hand(RED, FLAME_SPIRIT).activation(RED)
    assert "play flame-spirit at D4" not in scene.legal()
    assert "play flame-spirit at D5" in scene.legal()


def test_item_goes_onto_own_avatar_and_its_bonus_applies_R16():
    scene = _table().avatar(RED, WARDEN, "c3").hand(RED, FIRE_BLADE).activation(RED)
    scene.do("play fire-blade on c3")
    warden = scene.avatar("c3")
    assert len(warden.items) == 1
    assert trait_value(scene.state, warden, "melee") == 4


def test_at_most_three_items_per_avatar_R16():
    builder = (
        _table()
        .avatar(RED, WARDEN, "c3", items=[FIRE_BLADE, FIRE_BLADE, FIRE_BLADE])
        .hand(RED, FIRE_BLADE)
    )
    scene = builder.activation(RED)
    assert "play fire-blade on c3" not in scene.legal()
    reason = scene.refused(PlayCard(scene.card("fire-blade", RED), target=scene.avatar("c3").card))
    assert "Fire Blade" in reason


def test_items_cannot_be_played_onto_a_spirit_path_walker_R16():
    scene = _table().avatar(RED, FLAME_SPIRIT, "D4").hand(RED, FIRE_BLADE).activation(RED)
    assert not any(m.startswith("play fire-blade") for m in scene.legal())


def test_walker_keeps_items_it_already_carries_R16():
    builder = _table().avatar(RED, WARDEN, "c3", items=[FIRE_BLADE]).hand(RED, SPIRIT_WALK)
    scene = builder.activation(RED)
    scene.do("play spirit-walk on c3 to D4")
    walker = scene.avatar("D4")
    assert len(walker.items) == 1 and walker.on_path


def test_remains_card_attaches_to_its_target_R16():
    scene = _table().avatar(BLUE, WARDEN, "f6").hand(RED, HEAVY_CHAINS).activation(RED)
    scene.do("play heavy-chains on f6")
    chained = scene.avatar("f6")
    assert [scene.state.cards[c].slug for c in chained.attachments] == ["heavy-chains"]
    assert trait_value(scene.state, chained, "movement") == 1


def test_removing_a_remains_card_is_a_step_and_reverses_its_effect_R13():
    builder = _table().avatar(BLUE, WARDEN, "f6", attachments=[(RED, HEAVY_CHAINS)])
    scene = builder.activation(RED)
    scene.do("remove heavy-chains")
    assert trait_value(scene.state, scene.avatar("f6"), "movement") == 2
    assert scene.pile(RED, "discard") == ["heavy-chains"]
    assert scene.decision == ActivationStep(BLUE)


def test_spirit_path_card_is_remains_and_removing_it_walks_back_off_R16():
    scene = _table().avatar(RED, WARDEN, "c3").hand(RED, SPIRIT_WALK).activation(RED)
    scene.do("play spirit-walk on c3 to D4", "pass")
    assert scene.at("D4") == "ember-warden"
    scene.do("remove spirit-walk to d3")
    assert scene.at("d3") == "ember-warden"
    assert scene.pile(RED, "discard") == ["spirit-walk"]


def test_only_the_owner_removes_their_remains_card_R13():
    builder = _table().avatar(BLUE, WARDEN, "f6", attachments=[(RED, HEAVY_CHAINS)])
    scene = builder.activation(BLUE)
    assert not any(m.startswith("remove") for m in scene.legal())
    card = scene.avatar("f6").attachments[0]
    assert "cannot remove" in scene.refused(RemoveRemains(card))


def test_remains_without_target_lies_beside_the_board_R16():
    omen = remains_card("Omen", target="none")
    scene = _table().counters(RED, "C3").hand(RED, omen).activation(RED)
    scene.do("play omen")
    assert scene.pile(RED, "beside") == ["omen"]


def test_action_card_resolves_then_goes_to_the_discard_pile_R16():
    kindle = action_card("Kindle", {"verb": "draw_cards", "count": 2})
    scene = _table().hand(RED, kindle).activation(RED)
    scene.do("play kindle")
    assert scene.pile(RED, "discard") == ["kindle"]
    assert len(scene.state.hands[RED]) == 2


def test_card_not_in_hand_is_refused():
    scene = _table().discard(RED, WARDEN).activation(RED)
    card = scene.card("ember-warden", RED, "discard")
    assert "not in Red's hand" in scene.refused(PlayCard(card, at=scene.space("c3")))


def test_avatar_may_not_manifest_into_an_occupied_space_R16():
    scene = _table().avatar(BLUE, WARDEN, "c3").hand(RED, WARDEN).activation(RED)
    assert "play ember-warden at c3" not in scene.legal()
    reason = scene.refused(PlayCard(scene.card("ember-warden", RED), at=scene.space("c3")))
    assert "c3" in reason and "empty" in reason


def test_item_is_paid_at_its_bearers_space_R16():
    blade = item_card("Heavy Blade", cost=2, melee=2)
    builder = _table().counters(RED, "C3 D3").avatar(RED, WARDEN, "c3").avatar(RED, WARDEN, "f6")
    scene = builder.hand(RED, blade).activation(RED)
    plays = [m for m in scene.legal() if m.startswith("play heavy-blade")]
    assert plays == ["play heavy-blade on c3"]


def test_spirit_avatar_manifesting_on_a_last_liberty_captures_R11():
    builder = _table().counters(BLUE, "E5").counters(RED, "D5 F5 E6 E3 D4 F4")
    scene = builder.hand(RED, FLAME_SPIRIT).activation(RED)
    scene.do("play flame-spirit at E4", "lose deck 1")
    assert scene.counters(BLUE) == ""
    assert scene.cards_lost(BLUE) == 1
    scene.done()
