"""Matches under the earlier rulesets (issue 11): the start form offers each ruleset's own
options, in words, starting at its rulebook's values, and another ruleset's option is
refused with a reason; the match page, the log, the lists and the deck's record name the
ruleset and link its rulebook."""

import re
from pathlib import Path

import pytest

from games.engine import RULESETS, RandomBot, apply, legal_actions, start_game
from games.engine.actions import DrawCard
from games.engine.events import CardsDrawn, GameOver
from games.engine.testing.scenario import RED
from games.matches.errors import MatchError
from games.matches.options import OPTION_FIELDS
from games.matches.services import match_create, match_resign
from games.matches.table.drawing import table_for
from games.matches.table.log import log_line, rulebook_rules
from games.models import Match
from games.play import GAMES, OPTION_CHECKS, RULESET_OPTIONS
from games.rules.rulebooks import rulebook
from tests.factories.matches import starter_deck
from tests.games.engine.cards import SENTINEL
from tests.games.engine.tables import table
from tests.games.test_table import decks, render

SHEN = GAMES["shen"]
DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.fixture
def standard(alices_deck):
    """Alice's Shén Standard deck, played under the current rules and the older beta."""
    alices_deck.format.rulesets = ["beta-2026-07", "beta-2025"]
    alices_deck.format.save()
    return alices_deck


def forces(ruleset, seed):
    """Sample decks, or for simplified-0.1 (R29) each realm's four cheapest Avatars."""
    if RULESETS[ruleset].deck:
        return decks(seed)
    avatars = [
        sorted((c for c in deck.cards if c.kind == "avatar"), key=lambda c: c.cost)
        for deck in decks(seed)
    ]
    return [force[:4] for force in avatars]


def start(client, deck, **fields):
    return client.post(
        f"/games/new/?deck={deck.pk}", {"opponent": "hotseat", "first_turn": "dice", **fields}
    )


def test_every_ruleset_names_its_match_options_and_each_has_a_check_and_a_field():
    assert set(RULESET_OPTIONS) == set(RULESETS)
    for options in RULESET_OPTIONS.values():
        assert set(options) <= set(OPTION_CHECKS) and set(options) <= set(OPTION_FIELDS)


@pytest.mark.parametrize("ruleset", ["beta-2025", "simplified-0.1"])
def test_R21_the_movement_reading_is_a_match_option_of_the_earlier_rulesets(ruleset):
    assert SHEN.ruleset(ruleset, {}).movement == "trait"
    assert SHEN.ruleset(ruleset, {"movement": "text"}).movement == "text"
    with pytest.raises(ValueError, match="not a valid value for movement"):
        SHEN.ruleset(ruleset, {"movement": "dice"})


def test_R21_beta_2026_07_offers_no_movement_reading():
    with pytest.raises(ValueError, match="movement is not an option of beta-2026-07"):
        SHEN.ruleset("beta-2026-07", {"movement": "text"})


@pytest.mark.parametrize(
    ("ruleset", "book"),
    [("beta-2025", "rules-beta-2025.md"), ("simplified-0.1", "rules-simplified-0.1.md")],
)
def test_the_match_options_are_those_the_rulebook_lists(ruleset, book):
    text = (DOCS / book).read_text(encoding="utf-8")
    sentence = re.search(r"A match may (?:also )?set (.+?)\.\s*$", text, re.S | re.M)
    listed = set(re.findall(r"`(\w+)`", sentence.group(1)))
    assert listed == set(RULESET_OPTIONS[ruleset]) - {"max_turns"}


def test_a_beta_2025_match_from_the_form_keeps_its_rulebook(alice_in, standard):
    # What the browser sends for beta-2025 as the form comes: its options at their values.
    response = start(
        alice_in,
        standard,
        ruleset="beta-2025",
        opening_redraw="on",
        spirits_limit=1,
        ties="reroll",
        ranged_counters="on",
        claim_reach="on_or_next_to",
        retreat="moved_from",
        window_items="on",
        max_items=0,
        items_on_walkers="on",
        path_cards="action",
        max_turns="",
    )
    assert response.status_code == 302
    match = Match.objects.get()
    assert "ko" not in match.options and "recovery" not in match.options
    assert match.options["max_turns"] == 400  # blank: the rulebook's turn limit
    played = SHEN.ruleset(match.ruleset, match.options)
    assert played == RULESETS["beta-2025"]  # ko on (R12), 400 turns (R26): the rulebook's


def test_another_rulesets_option_sent_by_the_form_is_not_applied(alice_in, standard):
    start(alice_in, standard, ruleset="beta-2025", recovery="turn_player", max_turns=9)
    # Every option of beta-2025 is recorded: blanks as its rulebook says, boxes as sent.
    assert Match.objects.get().options == {
        "opening_redraw": False,
        "spirits_limit": 1,
        "ties": "reroll",
        "ranged_counters": False,
        "beaten_attacker_pays": False,
        "claim_reach": "on_or_next_to",
        "retreat": "moved_from",
        "window_items": False,
        "max_items": 0,
        "items_on_walkers": False,
        "path_cards": "action",
        "stone_on_edge": False,
        "ranged_targets": "opponents",
        "ranged_ties": "defender",
        "ranged_after_combat": False,
        "movement": "trait",
        "max_turns": 9,
    }


def test_the_form_shows_each_option_under_the_rulesets_it_belongs_to(alice_in, standard):
    page = alice_in.get(f"/games/new/?deck={standard.pk}").content.decode()
    assert 'data-values="beta-2026-07"' in page and 'data-values="beta-2025"' in page
    assert "Who recovers each turn (R9)" in page
    assert "A tied combat roll (R22)" in page
    # The turn limit differs between the two: blank means the chosen rulebook's.
    assert "60 under beta-2026-07, 400 under beta-2025" in page


def test_a_starter_deck_is_offered_simplified_options_only(alice_in, alice, realms):
    deck = starter_deck(owner=alice, realm=realms[0])
    page = alice_in.get(f"/games/new/?deck={deck.pk}").content.decode()
    assert "Who recovers" not in page and "Ko:" not in page
    assert 'name="max_turns" value="400"' in page
    assert '<option value="next_to" selected>' in page


def test_a_bad_option_value_is_a_clear_error_and_starts_nothing(alice_in, standard):
    response = start(alice_in, standard, ruleset="beta-2025", spirits_limit=12)
    assert response.status_code == 400
    assert "less than or equal to 9" in response.content.decode()
    assert not Match.objects.exists()


def test_an_option_of_another_ruleset_is_refused_by_the_service(alice, standard):
    with pytest.raises(MatchError, match="recovery is not an option of beta-2025: it offers"):
        match_create(
            owner=alice,
            deck=standard,
            mode="hotseat",
            ruleset="beta-2025",
            options={"recovery": "all"},
        )
    assert not Match.objects.exists()


def test_the_match_page_and_its_replay_link_the_rulebook_of_its_ruleset(alice_in, alice, standard):
    match = match_create(owner=alice, deck=standard, mode="hotseat", ruleset="beta-2025")
    page = alice_in.get(f"/games/{match.pk}/").content.decode()
    assert 'href="/rules/beta-2025/" data-testid="match-ruleset">the beta-2025 rules</a>' in page
    replay = alice_in.get(f"/games/{match.pk}/replay/").content.decode()
    assert '<a href="/rules/beta-2025/">the beta-2025 rules</a>' in replay


def test_log_lines_cite_the_rulebook_of_the_games_own_ruleset():
    state, events = start_game(RULESETS["beta-2025"], decks(1), 1)
    while DrawCard() not in legal_actions(state):
        state, more = apply(state, legal_actions(state)[0])
        events += more
    state, more = apply(state, DrawCard())
    html = render(table_for(state, 0, events + more, 9), "games/_log.html")
    assert 'href="/rules/beta-2025/#r27"' in html  # a draw as the turn's one action
    assert 'href="/rules/beta-2025/#r7"' in html
    assert "beta-2026-07" not in html


def test_a_one_action_turn_is_named_so_on_the_table():
    state, _ = start_game(RULESETS["beta-2025"], decks(1), 1)
    while DrawCard() not in legal_actions(state):
        state, _ = apply(state, legal_actions(state)[0])
    assert table_for(state, state.to_decide, (), 3).phase == "one action"


@pytest.mark.parametrize(
    ("reason", "words"),
    [
        ("adjudicated", "the turn limit was reached and cards counted (R26)"),
        ("no_avatars", "the other player has no Avatar left (R25)"),
        ("something_new", "something new"),
    ],
)
def test_the_match_says_why_it_ended_in_words(reason, words):
    assert Match(result={"winner": 1, "reason": reason}).reason_words() == words
    assert Match(result=None).reason_words() == ""


def test_the_deck_record_and_the_match_list_keep_rulesets_apart(alice_in, alice, standard):
    for ruleset in ("beta-2026-07", "beta-2025", "beta-2025"):
        match = match_create(owner=alice, deck=standard, mode="hotseat", ruleset=ruleset)
        match_resign(match=match, user=alice)
    page = alice_in.get(f"/decks/{standard.pk}/").content.decode()
    rows = re.findall(
        r"<tr><td>v1</td><td><a href=\"/rules/([\w.-]+)/\">[^<]+</a></td>"
        r"<td>(\d)</td><td>(\d)</td>",
        page,
    )
    # A mirror match: the deck wins one seat and loses the other.
    assert rows == [("beta-2025", "2", "2"), ("beta-2026-07", "1", "1")]
    listed = alice_in.get("/games/").content.decode()
    assert listed.count('<a href="/rules/beta-2025/">beta-2025</a>') == 2


def test_a_second_realm_stone_is_offered_in_its_own_open_group_R28():
    ring = "E5 E4 E6 D5 F5"  # E5 and its four neighbours: E5 may become a Realm Stone
    scene = (
        table("A5", "I5", ruleset=RULESETS["beta-2025"])
        .counters(RED, ring)
        .hand(RED, SENTINEL)
        .one_action(RED)
    )
    panel = table_for(scene.state, RED, (), 5).panel
    by_title = {group.title: group for group in panel.groups}
    stones = by_title["Establish a second Realm Stone (R28)"]
    assert stones.open and {choice.kind for choice in stones.choices} == {"establish_realm_stone"}
    assert {choice.point for choice in stones.choices} == {"v40"}  # a click on E5 picks it
    assert not by_title["Place a Shén counter"].open  # dozens of them, folded
    html = render(table_for(scene.state, RED, (), 5))
    assert "Establish a second Realm Stone (fire) on E5" in html


def test_a_force_of_avatars_shows_no_deck_count_R29():
    def sides(ruleset, forces):
        state, _ = start_game(RULESETS[ruleset], forces, 1)
        return render(table_for(state, 0, (), 0))

    assert "<dt>Deck</dt>" not in sides("simplified-0.1", [[SENTINEL] * 4] * 2)
    assert "<dt>Deck</dt>" in sides("beta-2025", decks(1))


def test_the_api_refuses_another_rulesets_option_with_a_reason(client, alice, standard):
    client.force_login(alice)
    response = client.post(
        "/api/matches/",
        {
            "deck": standard.pk,
            "opponent": "hotseat",
            "ruleset": "beta-2025",
            "options": {"realm_stone_counts": False},
        },
        content_type="application/json",
    )
    assert response.status_code == 400
    assert "realm_stone_counts is not an option of beta-2025" in response.content.decode()
    assert not Match.objects.exists()


def test_a_friend_joining_sees_the_rules_and_which_decks_may_play_them(
    client, alice, bob, realms, standard
):
    match = match_create(owner=alice, deck=standard, mode="friend", ruleset="beta-2025")
    starter = starter_deck(owner=bob, realm=realms[1], name="Bob's starter")
    client.force_login(bob)
    page = client.get(f"/games/join/{match.invite_token}/").content.decode()
    assert 'href="/rules/beta-2025/">the beta-2025 rules</a>' in page
    assert f'value="{starter.pk}" disabled' in page
    assert "Shén Starter is not played under beta-2025" in page
    response = client.post(f"/games/join/{match.invite_token}/", {"deck": starter.pk})
    assert response.status_code == 400
    assert Match.objects.get().status == "waiting_for_friend"


def test_a_draw_cites_r27_only_where_a_draw_is_a_turns_action():
    drawn = CardsDrawn("Red", 2, False)
    assert log_line(drawn, rulebook_rules("beta-2025"), one_action=True).rule == "R27"
    # beta-2026-07 draws only by a card's effect, and its rulebook has no R27.
    assert log_line(drawn, rulebook_rules("beta-2026-07"), one_action=False).rule == ""


def test_a_game_over_cites_the_rule_that_ended_it():
    rules = rulebook_rules("simplified-0.1")
    assert log_line(GameOver("Red", "no_avatars"), rules).rule == "R25"
    assert log_line(GameOver(None, "adjudicated"), rules).rule == "R26"
    assert log_line(GameOver("Red", "resigned"), rules).rule == ""


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_rule_a_log_cites_is_in_the_games_own_rulebook(ruleset):
    """Random games of each ruleset: every link of the log is a rule of its rulebook, and
    every line but a few kinds (an effect's doing) cites one."""
    anchors = rulebook(ruleset).anchors
    uncited: set[str] = set()
    for seed in (1, 2):
        state, events = start_game(
            RULESETS[ruleset].with_options(max_turns=12), forces(ruleset, seed), seed
        )
        bots = (RandomBot(seed), RandomBot(seed + 1))
        while state.result is None:
            state, more = apply(state, bots[state.to_decide].choose(state))
            events += more
        table = table_for(state, 0, events, 1)
        html = render(table, "games/_log.html")
        for anchor in re.findall(rf'href="/rules/{re.escape(ruleset)}/#([\w-]+)"', html):
            assert anchor in anchors
        assert f'href="/rules/{ruleset}/#' in html
        assert "/rules/" not in html.replace(f"/rules/{ruleset}/", "")
        uncited |= {
            type(e).__name__
            for e, line in zip(events[-40:], table.log, strict=True)
            if not line.rule
        }
    effects = {"AbilityUsed", "TraitModified", "CountersRemoved", "CardsReturned", "RemainsRemoved"}
    alternating = {"TurnBegan", "TurnEnded", "CardsDrawn"}
    assert uncited <= effects | (set() if RULESETS[ruleset].one_action else alternating)


def test_a_one_action_turn_names_only_the_actions_open_now_R27():
    # simplified-0.1 has no deck (R29): "draw" is never offered, so never named.
    state, _ = start_game(RULESETS["simplified-0.1"], forces("simplified-0.1", 1), 1)
    while not (state.decision and type(state.decision).__name__ == "TakeTurn"):
        state, _ = apply(state, legal_actions(state)[0])
    panel = table_for(state, state.to_decide, (), 2).panel
    kinds = {choice.kind for choice in panel.choices}
    assert "draw_card" not in kinds and "draw" not in panel.prompt
    assert panel.prompt.endswith("place a Shén counter or play a card")
    assert panel.prompt.startswith(f"{panel.player_name}: take one action (R27): ")
