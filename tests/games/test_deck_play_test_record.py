"""A deck's play-test record counts only its owner's matches, and never a watched game."""

from games.matches.deck_records import deck_match_record
from games.matches.services import match_create, match_join, match_resign
from games.models import Match, Mode


def games_counted(deck) -> int:
    """Wins, losses and draws of every version of ``deck``'s record, added up."""
    record = deck_match_record(deck, deck.owner)
    return sum(row.wins + row.losses + row.draws for row in record.versions)


def resigned(**start) -> Match:
    match = match_create(mode=Mode.HOTSEAT, seed=3, **start)
    return match_resign(match=match, user=start["owner"])


def test_others_hotseat_matches_with_a_public_deck_leave_its_record_alone(
    client, alice, bob, alices_deck, bobs_deck
):
    resigned(owner=alice, deck=alices_deck, opponent_deck=bobs_deck)
    # Alice played against Bob's public deck: his record is his own games only.
    assert (games_counted(alices_deck), games_counted(bobs_deck)) == (1, 0)
    for _ in range(3):
        resigned(owner=alice, deck=bobs_deck)
    assert games_counted(bobs_deck) == 0
    # Listed apart, by who played them (the first is not: Alice's deck is private).
    client.force_login(bob)
    page = client.get(f"/decks/{bobs_deck.pk}/").content.decode()
    assert page.count("alice v alice") == 3


def test_the_friend_who_joined_with_their_deck_has_the_match_on_its_record(
    alice, bob, alices_deck, bobs_deck
):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.FRIEND)
    match_join(match=match, user=bob, deck=bobs_deck)
    match_resign(match=Match.objects.get(pk=match.pk), user=bob)
    assert (games_counted(alices_deck), games_counted(bobs_deck)) == (1, 1)


def test_a_watched_game_is_neither_counted_nor_listed(bob, bobs_deck):
    # Watching a simulated game saves it as an imported match of the viewer's, with the
    # job's decks in its seats (games.simulations.replays).
    watched = resigned(owner=bob, deck=bobs_deck)
    Match.objects.filter(pk=watched.pk).update(mode=Mode.IMPORTED)
    record = deck_match_record(bobs_deck, bob)
    assert (record.versions, record.matches) == ([], [])
