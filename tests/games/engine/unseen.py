"""What a player may read in a text about a game: card names they see, and how to find
the names they do not (shared by the engine's and the site's hidden-information tests)."""

from __future__ import annotations

from games.engine import view_for


def hidden_names(state, seat):
    """Card names only in places ``seat`` cannot see (a name also seen elsewhere is public)."""
    everything = {spec.name for spec in state.cards}
    seen = {spec.name for spec in view_for(state, seat).cards}
    return everything - seen


def without_seen_names(text, state, seat):
    """``text`` without the names the viewer may read (card and ability names), longest
    first, so a hidden "Eclipse" is not confused with a seen "Eclipse Seer"."""
    view = view_for(state, seat)
    seen = {spec.name for spec in view.cards}
    seen |= {ability.name for spec in view.cards for ability in spec.abilities}
    for name in sorted(seen, key=len, reverse=True):
        text = text.replace(name, "")
    return text


def leaked_names(text, state, seat):
    """The names of cards ``seat`` cannot see that ``text`` holds."""
    rest = without_seen_names(text, state, seat)
    return sorted(name for name in hidden_names(state, seat) if name in rest)


def unseen_cards(state, seat):
    """The cards whose place ``seat`` does not see: the other hand, every deck, every
    out-of-game pile (worked out here from the state, not with the engine's own rule)."""
    others = [state.hands[p] for p in (0, 1) if p != seat]
    return sorted({card for pile in (*others, *state.decks, *state.out) for card in pile})


def hidden_throughout(states, seat):
    """Card names ``seat`` saw in none of ``states``: what a log of them may never name."""
    return set.intersection(*(hidden_names(state, seat) for state in states))


def without_names_seen_throughout(text, states, seat):
    """``text`` without the names (cards and abilities) ``seat`` saw in any of ``states``,
    longest first."""
    seen = set()
    for state in states:
        view = view_for(state, seat)
        seen |= {spec.name for spec in view.cards}
        seen |= {ability.name for spec in view.cards for ability in spec.abilities}
    for name in sorted(seen, key=len, reverse=True):
        text = text.replace(name, "")
    return text
