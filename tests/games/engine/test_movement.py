"""Movement, blocking and the Spirit Path (R21), with the engine's walker rules."""

from games.engine import Move
from games.engine.decisions import ChooseLostCards
from games.engine.testing.scenario import BLUE, RED, avatar_card
from tests.games.engine.cards import FLAME_SPIRIT, WARDEN, WAVE_SPIRIT
from tests.games.engine.tables import table


def test_avatar_moves_up_to_its_movement_in_king_steps_R21():
    scene = table().avatar(RED, WARDEN, "c3").activation(RED)
    legal = scene.legal()
    assert {"c3-e5", "c3-a1", "c3-d4", "c3-c5"} <= set(legal)
    assert "c3-c6" not in legal


def test_no_step_enters_an_occupied_space_R21():
    builder = table().avatar(RED, WARDEN, "a1").avatar(RED, WARDEN, "b1").avatar(RED, WARDEN, "b2")
    scene = builder.avatar(RED, WARDEN, "a2").activation(RED)
    # a1 is boxed in by its own side: it can go nowhere.
    assert not any(m.startswith("a1-") for m in scene.legal())


def test_no_diagonal_step_through_a_realm_stone_vertex_R21():
    scene = table("A3", "D4").avatar(RED, avatar_card("Slow", movement=1), "c3").activation(RED)
    # c3 and d4 touch at D4, the Realm Stone's vertex.
    assert "c3-d4" not in scene.legal()
    assert "c3-d3" in scene.legal()
    reason = scene.refused(Move(scene.avatar("c3").card, scene.space("d4")))
    assert "cannot reach d4" in reason


def test_exhausted_avatar_moves_one_less_R18():
    scene = table().avatar(RED, WARDEN, "c3", exhausted=True).activation(RED)
    assert "c3-c4" in scene.legal()
    assert "c3-c5" not in scene.legal()


def test_walkers_move_orthogonally_between_vertices_R21():
    scene = table().avatar(RED, FLAME_SPIRIT, "D4").activation(RED)
    legal = scene.legal()
    assert {"D4-D6", "D4-E5", "D4-F4"} <= set(legal)
    assert "D4-F6" not in legal


def test_walker_may_not_enter_a_realm_stone_vertex_R21():
    scene = table().avatar(RED, FLAME_SPIRIT, "H5").activation(RED)
    assert "H5-I5" not in scene.legal()


def test_walker_enters_only_empty_or_own_counter_vertices_R21():
    builder = table().counters(RED, "D5").counters(BLUE, "E4")
    scene = builder.avatar(RED, FLAME_SPIRIT, "D4").activation(RED)
    legal = scene.legal()
    assert "D4-D5" in legal
    assert "D4-E4" not in legal
    assert "D4-F4" not in legal or "D4-E3" in legal  # F4 only by going round E4


def test_walker_ending_the_turn_on_an_opponents_counter_is_removed_R21():
    builder = table().counters(BLUE, "D4")
    builder.avatar(RED, FLAME_SPIRIT, "D4", items=[])
    scene = builder.activation(RED)
    scene.do("pass", "pass")
    assert scene.at("D4") is None
    assert "flame-spirit" in scene.pile(RED, "out")


def test_walker_on_its_own_counter_stays_at_the_end_of_the_turn_R21():
    scene = table().counters(RED, "D4").avatar(RED, FLAME_SPIRIT, "D4").activation(RED)
    scene.do("pass", "pass")
    assert scene.at("D4") == "flame-spirit"


def test_walker_fills_a_vertex_and_can_capture_R11():
    builder = table().counters(BLUE, "E4").counters(RED, "E3 F4 E5")
    scene = builder.avatar(RED, FLAME_SPIRIT, "C4").activation(RED)
    scene.do("C4-D4")
    scene.expect(ChooseLostCards)
    scene.do("lose deck 1")
    assert scene.counters(BLUE) == ""
    assert scene.cards_lost(BLUE) == 1


def test_walker_step_that_kills_its_own_group_is_illegal():
    builder = table().counters(RED, "E4").counters(BLUE, "E3 F4 E5 C3 C5 B4")
    scene = builder.avatar(RED, FLAME_SPIRIT, "C4").activation(RED)
    # D4 is the last liberty of Red's E4 and captures nothing.
    assert "C4-D4" not in scene.legal()


def test_walker_may_not_attack_from_where_it_would_kill_its_own_group():
    builder = table().counters(RED, "E5").counters(BLUE, "E6 F5 E4")
    scene = builder.avatar(RED, FLAME_SPIRIT, "E5").avatar(BLUE, WAVE_SPIRIT, "C5").activation(RED)
    # Red's counter under the walker on E5 breathes only through D5.
    assert "E5-D5" not in scene.legal()
    assert "E5-D5xC5" not in scene.legal()


def test_walker_may_attack_from_there_when_its_group_still_breathes():
    builder = table().counters(RED, "E5").counters(BLUE, "E6 F5")
    scene = builder.avatar(RED, FLAME_SPIRIT, "E5").avatar(BLUE, WAVE_SPIRIT, "C5").activation(RED)
    assert "E5-D5xC5" in scene.legal()


def test_walker_leaving_a_vertex_frees_it_for_counters_R10():
    scene = table().avatar(RED, FLAME_SPIRIT, "D4").activation(RED)
    scene.do("D4-D6")
    assert scene.state.grid.is_empty(scene.vertex("D4"))
    assert scene.state.grid.is_blocked(scene.vertex("D6"))


def test_space_avatars_and_walkers_do_not_block_each_other_R21():
    builder = table().avatar(BLUE, WAVE_SPIRIT, "D4").avatar(RED, WARDEN, "c3")
    scene = builder.activation(RED)
    assert "c3-d4" in scene.legal()
    assert "c3-e5" in scene.legal()


def test_the_movement_search_stops_when_nothing_new_is_reachable_R21(monkeypatch):
    """However great the movement, the search takes no more steps than the board has
    places: it stops once a step reaches nothing new."""
    from games.engine import movement

    scene = table().avatar(RED, WARDEN, "c3").activation(RED)
    steps = []

    def counted_range(count):
        for step in range(count):
            steps.append(step)
            if len(steps) > 100:
                raise AssertionError("searched on past where nothing new was reachable")
            yield step

    monkeypatch.setattr(movement, "range", counted_range, raising=False)
    avatar = scene.state.avatars[0]
    far, _ = movement.reach(scene.state, avatar, movement=1_000_000_000)
    assert len(far) == len(set(far)) > 20 and len(steps) < 20
