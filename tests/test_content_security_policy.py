"""The policy's header: strict on the site's pages, its own for standalone documents."""

import json
import re

import pytest

from decks.models import Visibility
from tests.factories.decks import DeckFactory

pytestmark = pytest.mark.django_db


def directives(response) -> dict[str, str]:
    policy = response["Content-Security-Policy"]
    return dict(part.strip().split(" ", 1) for part in policy.split(";"))


def test_pages_allow_only_their_own_scripts_and_styles(client):
    policy = directives(client.get("/"))
    assert policy["script-src"] == "'self'"
    assert policy["style-src"] == "'self'"
    assert policy["object-src"] == "'none'" and policy["frame-ancestors"] == "'none'"


def test_the_printable_sheet_keeps_its_inline_styles_and_runs_no_script(client):
    deck = DeckFactory(visibility=Visibility.PUBLIC)
    policy = directives(client.get(f"/decks/{deck.pk}/export/sheet/"))
    assert policy == {
        "default-src": "'none'",
        "style-src": "'unsafe-inline'",
        "img-src": "data:",
        "base-uri": "'none'",
        "form-action": "'none'",
        "frame-ancestors": "'none'",
    }


def test_htmx_runs_without_eval_injected_styles_or_copied_style_attributes(client):
    # Settling a swap, htmx sets the old element's style attribute on the new one (a text
    # box the player resized, say); under this policy that is a violation on every swap.
    page = client.get("/").content.decode()
    config = json.loads(re.search(r'name="htmx-config" content=\'([^\']*)\'', page)[1])
    assert config["allowEval"] is False
    assert config["includeIndicatorStyles"] is False
    assert "style" not in config["attributesToSettle"]
