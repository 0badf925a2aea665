"""Play-testing in Chromium: a hot-seat match by clicks, a bot match to its end (its bot
played by a worker process), and a friend match where each browser sees the other's move
within 2 seconds."""

import json
import re

import pytest
from playwright.sync_api import expect

from games.engine import CardPlayed, MeleeRolled
from games.matches.records import match_replayed
from games.matches.services import match_create, match_join
from games.matches.table.decision import decision_panel
from games.models import Match
from games.play import GAMES
from tests.browser.test_deck_builder import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The options the start form sends when left as it comes (the hot-seat test checks this).
FORM_OPTIONS = {"recovery": "all", "ko": False, "realm_stone_counts": True, "max_turns": 60}

# The action types a hot-seat test prefers, in order, so the game gets to the board and the
# Avatars meet: a melee as soon as one is offered, then moves, manifests and placements.
PREFERRED = ["place_realm_stone", "melee_attack", "move", "play_card", "activate", "place_counter"]
# What the hot-seat test answers with board clicks (a source, then a target), not buttons.
ON_THE_BOARD = {"place_counter", "play_card", "move", "melee_attack"}


@pytest.fixture
def world(alice_and_bob):
    return alice_and_bob


@pytest.fixture
def players(browser, live_server):
    """``open(names, width)``: a logged-in page of its own browser context per name."""
    contexts = []

    def open_pages(names, width=1280):
        pages = {}
        for name in names:
            context = browser.new_context(
                base_url=live_server.url, viewport={"width": width, "height": 800}
            )
            contexts.append(context)
            pages[name] = context.new_page()
            pages[name].set_default_timeout(10_000)
            log_in(pages[name], name)
        return pages

    yield open_pages
    for context in contexts:
        context.close()


@pytest.fixture
def friend_match(world, drawn_seed):
    """Alice's friend match, which Bob has joined."""
    drawn_seed(8)
    match = match_create(owner=world["alice"], deck=world["alices_deck"], mode="friend")
    match_join(match=match, user=world["bob"], deck=world["bobs_deck"])
    return Match.objects.get(pk=match.pk)


def a_seed_reaching_a_melee(deck, owner) -> int:
    """A seed whose hot-seat mirror match with ``deck``, answered as ``click_an_option``
    answers (the page lists the panel's options in this order), has a melee within 60
    answers after a Shén placement, a manifest and a move: looked for, not hard-coded, so
    a change of the rules or the decks moves the seed, not the test."""
    game = GAMES["shen"]
    probe = match_create(owner=owner, deck=deck, mode="hotseat", options=FORM_OPTIONS, seed=0)
    decks, ruleset = probe.decks, probe.ruleset
    probe.delete()
    for seed in range(40):
        state, _ = game.start(ruleset, FORM_OPTIONS, decks, seed)
        played = set()
        for number in range(60):
            decision = game.decision(state)
            if decision is None:
                break
            actions = [json.loads(c.action) for c in decision_panel(decision, number).choices]
            types = [action["type"] for action in actions]
            kind = next((kind for kind in PREFERRED if kind in types), types[0])
            state, events = game.apply(state, game.action_from_json(actions[types.index(kind)]))
            played.add(kind)
            if any(isinstance(event, MeleeRolled) for event in events):
                if {"place_counter", "play_card", "move"} <= played:
                    return seed
                break
    raise AssertionError("no seed below 40 reaches a melee by the preferred answers")


def show_my_side(page) -> None:
    """Hot-seat: take the device at the hand-over screen, if there is one."""
    live = page.locator("#match-live")
    handover = live.get_by_role("button", name=re.compile("show my side"))
    if handover.count():
        handover.click()
        expect(live.get_by_role("button", name=re.compile("show my side"))).to_have_count(0)
        expect(live.locator("#decision-prompt")).to_be_visible()


def click_an_option(page, preferred=(), on_the_board=frozenset(), board_clicks=None):
    """Answer the decision on the table with the first option of the most preferred type,
    by a source and a target on the board when its type is ``on_the_board`` and the
    option has a place (its type is then added to ``board_clicks``), else by its button;
    the option's type."""
    show_my_side(page)
    live = page.locator("#match-live")
    forms = live.locator("form.choice")
    # Against a bot, the table may first have to bring the bot's moves: the state number
    # the click moves on from is the one the options came with.
    expect(forms.first).to_be_attached()
    number = live.get_attribute("data-number")
    options = forms.evaluate_all(
        "fs => fs.map(f => [f.querySelector('button').dataset.action, f.dataset.choice])"
    )
    types = [json.loads(action)["type"] for action, _ in options]
    kind = next((kind for kind in preferred if kind in types), types[0])
    form = live.locator(f'form.choice[data-choice="{options[types.index(kind)][1]}"]')
    if kind in on_the_board and click_on_the_board(live, form):
        if board_clicks is not None:
            board_clicks.append(kind)
    else:
        # Options of a piece sit in its group, folded until the player opens it.
        form.evaluate("f => { const group = f.closest('details'); if (group) group.open = true; }")
        form.locator("button").click()
    expect(live).not_to_have_attribute("data-number", number)
    return kind


def click_on_the_board(live, form) -> bool:
    """Pick ``form``'s option as a player does on the board: its source (an Avatar, or a
    card's Play button), then its highlighted target; when several options share the
    target, the page points at them and the player clicks the one meant. False when the
    option has no place on the board to click."""
    point, group = form.get_attribute("data-point"), form.get_attribute("data-group")
    if not point:
        return False
    if group:
        sources = live.locator("[data-source]")
        owners = sources.evaluate_all("ss => ss.map(s => s.dataset.source.split(' '))")
        at = next((n for n, groups in enumerate(owners) if group in groups), None)
        if at is None:
            return False
        sources.nth(at).click()
    target = live.locator(f'.board .place.is-target[data-place="{point}"]')
    expect(target).to_be_visible()
    target.click()
    # Several options there: the page points at them (nothing is posted yet).
    if form.evaluate_all("fs => fs.some(f => f.classList.contains('is-candidate'))"):
        form.locator("button").click()
    return True


def test_a_hotseat_match_from_a_valid_deck_played_by_clicks_to_a_melee(page, world):
    log_in(page, "alice")
    page.goto(f"/decks/{world['alices_deck'].pk}/")
    page.get_by_role("link", name="Play-test").click()
    seed = a_seed_reaching_a_melee(world["alices_deck"], world["alice"])
    page.get_by_label("Seed").fill(str(seed))
    page.get_by_role("button", name="Start the match").click()
    expect(page).to_have_url(re.compile(r"/games/\d+/$"))
    assert Match.objects.get().options == FORM_OPTIONS, "the form's defaults changed"
    clicked, on_board, melee = [], [], None
    seen_from = set()
    while melee is None and len(clicked) < 80:
        # Hot-seat turns the board to the player whose hand is on the screen.
        show_my_side(page)
        acting = re.search(r"(Red|Blue) to decide", page.locator(".match-status").inner_text())
        if page.locator("#match-live #hand-title").count():
            board = page.locator("#match-live svg.board")
            expect(board).to_have_attribute("data-seen-from", acting.group(1).lower())
            seen_from.add(acting.group(1))
        clicked.append(click_an_option(page, PREFERRED, ON_THE_BOARD, on_board))
        # The attack may open a combat window first; the dice roll when it closes.
        if "melee_attack" in clicked:
            melee = next(
                (
                    e
                    for e in match_replayed(Match.objects.get()).events[-1]
                    if isinstance(e, MeleeRolled)
                ),
                None,
            )
    assert clicked[:2] == ["place_realm_stone", "place_realm_stone"]
    assert melee is not None, clicked
    assert seen_from == {"Red", "Blue"}
    # A Shén placement, a manifest, a move and the attack itself, each by board clicks.
    assert {"place_counter", "play_card", "move", "melee_attack"} <= set(on_board), clicked
    played = [e for events in match_replayed(Match.objects.get()).events for e in events]
    manifests = {e.card for e in played if isinstance(e, CardPlayed) and e.where.startswith("at ")}
    assert melee.attacker in manifests and melee.defender in manifests
    # The dice of that melee are on the table, with both totals and the winner.
    show_my_side(page)
    dice = page.locator("#match-live .dice")
    expect(dice).to_be_visible()
    expect(dice.locator("#dice-title")).to_contain_text("melee")
    rolls = dice.locator(".dice-rolls > div")
    expect(rolls).to_have_count(2)
    for roll, who, values in (
        (rolls.nth(0), melee.attacker, melee.attack_dice),
        (rolls.nth(1), melee.defender, melee.defense_dice),
    ):
        expect(roll.locator("dt")).to_contain_text(who)
        expect(roll.locator(".die")).to_have_text([str(v) for v in values])
        expect(roll.locator(".dice-total")).to_have_text(f"= {sum(values)}")
    attacker_won = sum(melee.attack_dice) > sum(melee.defense_dice)
    expect(dice.locator(".dice-winner")).to_contain_text(
        f"{melee.winner} ({'attacker' if attacker_won else 'defender'}) wins."
    )
    expect(rolls.nth(0 if attacker_won else 1)).to_have_class("won")
    # A mirror match: the same card may fight itself, so each side is named.
    sides = [rolls.nth(n).locator("dt").inner_text().split("'s ")[0] for n in (0, 1)]
    assert sorted(sides) == ["Blue", "Red"], sides
    # The log beside the board shows its newest lines, and says it too, citing the rule.
    log = page.locator("#match-live .log-lines")
    expect(log).to_contain_text(f"{melee.winner} wins")
    assert log.evaluate("l => l.scrollHeight > l.clientHeight"), "a log long enough to scroll"
    assert log.evaluate("l => l.scrollTop + l.clientHeight >= l.scrollHeight - 2")


def test_a_bot_match_played_to_its_end_by_clicks(page, world, workers):
    """The bot's turns are played by a worker process; the page says the bot is thinking,
    offers nothing to click meanwhile, and picks its moves up by polling."""
    workers()
    match = match_create(
        owner=world["alice"],
        deck=world["alices_deck"],
        mode="bot",
        seed=4,
        options={"max_turns": 2},
    )
    log_in(page, "alice")
    page.goto(f"/games/{match.pk}/")
    live = page.locator("#match-live")
    finished = page.locator(".match-status", has_text="Finished")
    thinking = 0
    for _ in range(300):
        # My decision, or the end: meanwhile the bot's moves come by polling.
        expect(live.locator("form.choice").first.or_(finished)).to_be_attached(timeout=10_000)
        if finished.count():
            break
        click_an_option(page, ["pass"])
        # Read at once, in one go: the next poll may bring the bot's moves any moment.
        shown, choices = live.evaluate(
            "l => [!!l.querySelector('.bot-thinking'), l.querySelectorAll('form.choice').length]"
        )
        if shown:
            thinking += 1
            assert choices == 0, "nothing to click while the bot thinks"
    expect(page.locator(".match-status")).to_contain_text("Finished")
    assert thinking >= 2, "the bot's turns came after the player's answer, not in it"


# Where space a1 is drawn on a board, and whether its labels stand by it.
WHERE_A1_IS = """board => {
  const centre = (e) => {
    const r = e.getBoundingClientRect();
    return [r.x + r.width / 2, r.y + r.height / 2];
  };
  const label = (text) =>
    [...board.querySelectorAll('.space-labels text')].find(t => t.textContent === text);
  const a1 = centre([...board.querySelectorAll('rect.space')].find(r => r.textContent === 'a1'));
  const middle = centre(board);
  return {
    left: a1[0] < middle[0], low: a1[1] > middle[1],
    under_a: Math.abs(centre(label('a'))[0] - a1[0]) < 3,
    beside_1: Math.abs(centre(label('1'))[1] - a1[1]) < 3,
  };
}"""


def test_friends_see_each_others_moves_within_two_seconds(players, friend_match):
    match = friend_match
    pages = players([match.red_user.username, match.blue_user.username])
    for page in pages.values():
        page.goto(f"/games/{match.pk}/")
    # Each sees the board from their own side: Blue's a1 is at the top right, under the
    # label "a" and beside the label "1" all the same.
    for side, seen in ((match.red_user, "red"), (match.blue_user, "blue")):
        board = pages[side.username].locator("#match-live svg.board")
        expect(board).to_have_attribute("data-seen-from", seen)
        where = board.evaluate(WHERE_A1_IS)
        assert where["left"] == where["low"] == (seen == "red"), (seen, where)
        assert where["under_a"] and where["beside_1"], (seen, where)
    for _ in range(4):
        match.refresh_from_db()
        acting = next(
            name for name, page in pages.items() if page.locator("button[data-action]").count()
        )
        watching = next(name for name in pages if name != acting)
        click_an_option(pages[acting])
        match.refresh_from_db()
        expect(pages[watching].locator("#match-live")).to_have_attribute(
            "data-number", str(match.number), timeout=2000
        )


def test_a_friend_asks_to_undo_the_other_accepts_then_one_resigns(players, friend_match):
    match = friend_match
    pages = players([match.red_user.username, match.blue_user.username], width=390)
    for page in pages.values():
        page.goto(f"/games/{match.pk}/")
    acting = next(name for name, page in pages.items() if page.locator("form.choice").count())
    other = next(name for name in pages if name != acting)
    click_an_option(pages[acting])
    moved = Match.objects.get(pk=match.pk).number
    pages[acting].get_by_role("button", name="Ask to undo").click()
    expect(pages[acting].locator(".undo-request")).to_contain_text("waiting for your opponent")
    # The request reaches the opponent by the page's own updates, on the screen.
    request = pages[other].locator(".undo-request")
    expect(request).to_contain_text("asks to undo", timeout=2000)
    expect(request).to_be_in_viewport()
    request.get_by_role("button", name="Accept").click()
    expect(pages[other].locator("#match-live")).to_have_attribute("data-number", str(moved - 1))
    expect(pages[acting].locator("#match-live")).to_have_attribute(
        "data-number", str(moved - 1), timeout=2000
    )
    expect(pages[acting].locator("form.choice").first).to_be_attached()
    # Resigning asks first, then ends the match for both.
    page = pages[acting]
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Resign").click()
    expect(page.locator(".match-status")).to_contain_text("Resigned")
    expect(pages[other].locator(".match-status")).to_contain_text("Resigned", timeout=2000)
    expect(pages[other].get_by_role("button", name="Resign")).to_have_count(0)
    winner = Match.objects.get(pk=match.pk).result["winner"]
    assert winner == (0 if match.red_user.username == other else 1)


def test_hotseat_undo_takes_back_the_last_decision(page, world):
    match = match_create(owner=world["alice"], deck=world["alices_deck"], mode="hotseat", seed=2)
    log_in(page, "alice")
    page.goto(f"/games/{match.pk}/")
    for _ in range(3):
        click_an_option(page, PREFERRED)
    live = page.locator("#match-live")
    number = int(live.get_attribute("data-number"))
    live.get_by_role("button", name="Undo").click()
    expect(live).to_have_attribute("data-number", str(number - 1))
    assert Match.objects.get(pk=match.pk).number == number - 1


def test_a_friend_takes_up_the_invitation_link_with_one_of_their_decks(players, world):
    pages = players(["alice", "bob"], width=390)
    alice, bob = pages["alice"], pages["bob"]
    alice.goto(f"/games/new/?deck={world['alices_deck'].pk}")
    alice.get_by_label("Opponent:").select_option("friend")
    alice.get_by_role("button", name="Start the match").click()
    expect(alice.locator(".match-status")).to_contain_text("Waiting for your friend")
    expect(alice.get_by_role("alert")).to_have_count(0)
    expect(alice.get_by_role("button", name="Copy link")).to_be_visible()
    link = alice.get_by_label("Send this link to your friend").input_value()
    bob.goto(link)
    bob.get_by_label(re.compile("Second deck")).check()
    bob.get_by_role("button", name="Join with this deck").click()
    expect(bob).to_have_url(re.compile(r"/games/\d+/$"))
    expect(bob.locator("#match-live svg.board")).to_be_visible()
    # Alice's waiting page turns into the table by itself.
    expect(alice.locator("#match-live svg.board")).to_be_visible(timeout=2000)
    match = Match.objects.get()
    assert (match.red_user, match.blue_user) == (world["alice"], world["bob"])


@pytest.mark.parametrize("width", [1280, 390])
def test_a_resigned_match_reads_as_over_in_each_players_words(players, friend_match, width):
    match = friend_match
    red, blue = match.red_user.username, match.blue_user.username
    pages = players([red, blue], width=width)
    problems = []
    for page in pages.values():
        page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda error: problems.append(str(error)))
        page.goto(f"/games/{match.pk}/")
    page = pages[red]
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Resign").click()
    status = page.locator(".table-status")
    expect(status.locator(".status-result")).to_have_text("You resigned: Blue wins")
    expect(page.locator(".match-status")).to_contain_text("You resigned: Blue wins")
    theirs = pages[blue].locator(".table-status .status-result")
    expect(theirs).to_have_text("Red resigned: you win", timeout=2000)
    for seen in pages.values():
        table = seen.locator("#match-live .table")
        expect(table.locator(".status-deciding")).to_have_count(0)
        expect(table.locator(".side.deciding")).to_have_count(0)
        expect(table.locator(".decision")).not_to_contain_text("Waiting for")
        expect(table.locator(".log-lines li").last).to_have_text("Red resigned: Blue wins")
        expect(seen.locator("body")).not_to_contain_text("the other player resigned")
    assert problems == []
