"""Every main page runs under the Content-Security-Policy with a clean console.

Chromium logs a CSP violation (a blocked inline script or style, an eval) as a
console error and fires `securitypolicyviolation`; either fails the test, as does
any other console error or a failed request (a missing favicon, say).
"""

import re

import pytest
from playwright.sync_api import expect

from decks.models import Visibility
from tests.factories.cards import AbilityFactory, AvatarFactory, CardFactory, RealmFactory
from tests.factories.decks import DeckFactory, DeckSlotFactory, FormatFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"}`);
});
"""


@pytest.fixture
def world():
    ember = RealmFactory(name="Ember", slug="ember", colour="#c0392b")
    avatar = AvatarFactory(name="Cinder Sage", slug="cinder-sage", realm=ember)
    AbilityFactory(card=avatar)
    CardFactory(name="Ash Wall", slug="ash-wall", realm=ember)
    owner = UserFactory(username="owner")
    deck = DeckFactory(
        owner=owner, format=FormatFactory(), name="Ember Rush", visibility=Visibility.PUBLIC
    )
    DeckSlotFactory(deck=deck, card=avatar, count=3)
    return deck


@pytest.fixture
def watched(page):
    """The page, recording console errors, failed requests and CSP violations."""
    return watch(page)


def watch(page):
    """Record ``page``'s console errors, failed requests and answers of 400 and more in
    ``page.problems``, and its CSP violations in ``window.__violations``; the page."""
    problems: list[str] = []
    # The number of documents the page has shown, and the document each request was made
    # for: a request of a document the page has since left was cut short by leaving it.
    documents = [0]
    made_for: dict = {}
    page.on("console", lambda m: _console_error(problems, m) if m.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on(
        "framenavigated",
        lambda frame: documents.append(0) if frame == page.main_frame else None,
    )
    page.on("request", lambda r: made_for.__setitem__(r, len(documents)))
    page.on(
        "requestfailed",
        lambda r: (
            None
            if _left(r) or _left_behind(r, made_for.get(r), len(documents))
            else problems.append(f"{r.url} failed: {r.failure}")
        ),
    )
    page.on(
        "response",
        lambda r: problems.append(f"{r.url} answered {r.status}") if r.status >= 400 else None,
    )
    page.add_init_script(RECORD_VIOLATIONS)
    page.problems = problems
    return page


def _console_error(problems: list[str], message) -> None:
    """Record a console error, but not an htmx request replaced on purpose: hx-sync's
    "replace" aborts the request in flight, and htmx logs that abort as two error
    events (htmx:afterRequest, then htmx:sendAbort)."""
    if message.text == "htmx:sendAbort":
        if problems and problems[-1] == "htmx:afterRequest":
            problems.pop()
        return
    problems.append(message.text)


def _left(request) -> bool:
    """A favicon's fetch cut short because the page went on to the next, or an image's
    because htmx swapped out the element that showed it before it came (a card face in a
    preview, during fast clicks): Chromium reports both as failed, ERR_ABORTED. That is the
    page moving on, not a request that broke; a missing image answers 404, seen above. So
    is an htmx request the page cancelled for a newer one (a card picker's suggestions
    while typing on), and a combobox's fetch of suggestions its script cancelled for the
    next letter: a server's fault would be an answer, seen above too."""
    if request.failure != "net::ERR_ABORTED":
        return False
    if request.resource_type in ("xhr", "fetch") and request.headers.get("hx-request"):
        return True
    if request.resource_type == "fetch" and request.headers.get("accept") == "application/json":
        return True  # shenCombobox's fetches (search-suggest.js) ask for JSON
    return request.url.endswith("/favicon.svg") or request.resource_type == "image"


def _left_behind(request, made_for: int | None, documents: int) -> bool:
    """A stylesheet, script or other part of a page the browser had already left (a test
    going on to the next page while the last one was still loading): Chromium aborts its
    fetch, and that is the page moving on too."""
    return (
        request.failure == "net::ERR_ABORTED"
        and request.resource_type != "document"
        and made_for is not None
        and made_for < documents
    )


def visit(page, path: str) -> None:
    response = page.goto(path)
    assert response.status == 200, path
    assert "default-src 'self'" in response.headers["content-security-policy"]
    page.wait_for_load_state("networkidle")
    violations = page.evaluate("window.__violations")
    assert (page.problems, violations) == ([], []), path


def log_in(page) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill("owner")
    page.get_by_label("Password").fill("correct-horse-battery")
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(re.compile(r"/decks/mine/$"))


ANONYMOUS_PAGES = [
    "/",
    "/cards/cinder-sage/",
    "/search-help/",
    "/decks/",
    "/accounts/login/",
    "/accounts/signup/",
    "/accounts/password-reset/",
    "/api/docs/",
]


def test_public_pages_pass_the_policy_with_a_clean_console(watched, world):
    for path in [*ANONYMOUS_PAGES, f"/decks/{world.pk}/"]:
        visit(watched, path)


def test_swagger_ui_draws_the_operations_under_the_policy(watched, world):
    visit(watched, "/api/docs/")
    expect(watched.get_by_text("/api/cards/", exact=True).first).to_be_visible()
    assert watched.evaluate("window.__violations") == []


def test_owner_pages_pass_the_policy_and_htmx_still_works(watched, world):
    log_in(watched)
    for path in [f"/decks/{world.pk}/edit/", "/decks/import/", "/decks/mine/"]:
        visit(watched, path)
    # The builder's search runs through htmx without eval: typing and filtering still answer.
    watched.goto(f"/decks/{world.pk}/edit/")
    results = watched.locator("#search-results")
    watched.get_by_label("Search", exact=True).fill("ash")
    expect(results).to_contain_text("Ash Wall")
    expect(results).not_to_contain_text("Cinder Sage")
    watched.get_by_label("Search", exact=True).fill("")
    watched.locator("#builder-search-form select[name=kind]").select_option(label="Avatar")
    expect(results).to_contain_text("Cinder Sage")
    expect(results).not_to_contain_text("Ash Wall")
    assert (watched.problems, watched.evaluate("window.__violations")) == ([], [])


def test_catalogue_search_leaves_empty_fields_out_of_the_url(watched, world):
    visit(watched, "/")
    watched.get_by_label("Search the cards").fill("ash")
    expect(watched).to_have_url(re.compile(r"/\?q=ash&"))
    assert "=&" not in watched.url and not watched.url.endswith("=")
    assert (watched.problems, watched.evaluate("window.__violations")) == ([], [])
