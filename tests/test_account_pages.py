"""Password reset end to end, the branded error pages and the favicon."""

import re

import pytest
from django.test import RequestFactory
from django.views.defaults import server_error

from tests.factories.decks import UserFactory
from tests.refusals import told_to_wait

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "a-brand-new-pass-phrase"


def reset_link(message) -> str:
    return re.search(r"https?://[^/]+(/accounts/reset/\S+/)", message.body).group(1)


def test_password_reset_by_email_end_to_end(client, mailoutbox):
    UserFactory(username="ada", email="ada@example.test")
    response = client.post("/accounts/password-reset/", {"email": "ada@example.test"})
    assert response["Location"] == "/accounts/password-reset/sent/"
    assert "Check your e-mail" in client.get(response["Location"]).content.decode()

    (message,) = mailoutbox
    assert message.to == ["ada@example.test"]
    assert message.subject == "Set a new password for Shén Lab"
    # The link answers with a redirect to a token-free URL, which shows the form.
    form_url = client.get(reset_link(message))["Location"]
    assert "Set a new password" in client.get(form_url).content.decode()
    done = client.post(form_url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert done["Location"] == "/accounts/reset/done/"
    assert "Password set" in client.get(done["Location"]).content.decode()

    logged_in = client.post("/accounts/login/", {"username": "ada", "password": NEW_PASSWORD})
    assert logged_in.status_code == 302


def test_a_used_reset_link_says_so(client, mailoutbox):
    UserFactory(username="ada", email="ada@example.test")
    client.post("/accounts/password-reset/", {"email": "ada@example.test"})
    link = reset_link(mailoutbox[0])
    form_url = client.get(link)["Location"]
    client.post(form_url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    page = client.get(link, follow=True).content.decode()
    assert "has been used already or has expired" in page


def test_reset_for_an_unknown_address_sends_nothing_and_says_the_same(client, mailoutbox):
    response = client.post("/accounts/password-reset/", {"email": "nobody@example.test"})
    assert response["Location"] == "/accounts/password-reset/sent/"
    assert mailoutbox == []


@pytest.fixture
def reset_rates(settings):
    settings.PASSWORD_RESET_RATES = {"email": "2/hour", "address": "3/hour"}


def ask_reset(client, email: str, address: str = "198.51.100.1"):
    return client.post("/accounts/password-reset/", {"email": email}, REMOTE_ADDR=address)


def test_reset_links_for_one_email_are_limited_with_a_message(client, mailoutbox, reset_rates):
    UserFactory(username="ada", email="ada@example.test")
    sent = [ask_reset(client, "ada@example.test", f"198.51.100.{n}") for n in (1, 2)]
    assert [response.status_code for response in sent] == [302, 302]
    refused = ask_reset(client, "ADA@example.test", "198.51.100.3")
    told_to_wait(refused, "reset links asked for")
    assert len(mailoutbox) == 2


def test_reset_links_from_one_address_are_limited(client, mailoutbox, reset_rates):
    statuses = [ask_reset(client, f"someone{n}@example.test").status_code for n in range(4)]
    assert statuses == [302, 302, 302, 429]
    # Another client is not held back by this one.
    assert ask_reset(client, "other@example.test", "203.0.113.9").status_code == 302


def test_an_unknown_email_is_limited_like_a_known_one(client, reset_rates):
    # Otherwise the refusal would tell which addresses have an account.
    statuses = [
        ask_reset(client, "nobody@example.test", f"198.51.100.{n}").status_code for n in range(3)
    ]
    assert statuses == [302, 302, 429]


def test_login_page_links_to_password_reset(client):
    assert 'href="/accounts/password-reset/"' in client.get("/accounts/login/").content.decode()


def test_not_found_is_the_sites_own_page(client, settings):
    settings.DEBUG = False
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    page = response.content.decode()
    assert "No such page" in page and 'class="site-header"' in page


def test_server_error_page_renders_without_a_request_context():
    response = server_error(RequestFactory().get("/"))
    assert response.status_code == 500
    page = response.content.decode()
    assert "Something went wrong" in page and 'class="site-header"' in page


def test_favicon_resolves(client):
    page = client.get("/").content.decode()
    icon = re.search(r'<link rel="icon" href="([^"]+)"', page).group(1)
    assert client.get(icon).status_code == 200
    redirect = client.get("/favicon.ico")
    assert redirect.status_code == 301 and redirect["Location"] == icon
