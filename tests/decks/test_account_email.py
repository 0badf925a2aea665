"""E-mail addresses on accounts: optional at sign-up, one account an address in any case."""

import re

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import IntegrityError, connection, transaction
from django.urls import reverse

from decks import accounts
from decks.account_forms import EMAIL_TAKEN, WHY_AN_EMAIL
from tests.factories.decks import UserFactory

pytestmark = pytest.mark.django_db

User = get_user_model()
PASSWORD = "correct-horse-battery"  # the factories' password
NEW_PASSWORD = "a-long-pass-phrase"


def sign_up(client, email="", username="newcomer", address="198.51.100.1"):
    return client.post(
        reverse("signup"),
        {
            "username": username,
            "email": email,
            "password1": NEW_PASSWORD,
            "password2": NEW_PASSWORD,
        },
        REMOTE_ADDR=address,
    )


# --- Sign-up ---------------------------------------------------------------


def test_signup_page_asks_for_an_optional_email_and_says_why(client):
    page = client.get(reverse("signup")).content.decode()
    assert "E-mail address (optional)" in page
    # Not required, and no longer than the column holds.
    assert (
        '<input type="email" name="email" autocomplete="email" maxlength="254" '
        'aria-describedby="id_email_helptext" id="id_email">'
    ) in page
    assert WHY_AN_EMAIL.replace("'", "&#x27;") in page


def test_signup_with_an_email_keeps_it_with_its_domain_in_lower_case(client):
    response = sign_up(client, "  Ada.Lovelace@Example.TEST ")
    assert response["Location"] == reverse("decks:mine")
    assert User.objects.get(username="newcomer").email == "Ada.Lovelace@example.test"


def test_signup_without_an_email_makes_an_account_without_one(client):
    assert sign_up(client, "").status_code == 302
    assert User.objects.get(username="newcomer").email == ""


@pytest.mark.parametrize("email", ["not-an-address", "a@", "@example.test", "a b@example.test"])
def test_signup_refuses_what_is_no_email_address(client, email):
    response = sign_up(client, email)
    assert response.status_code == 200
    assert "Enter a valid email address." in response.content.decode()
    assert not User.objects.filter(username="newcomer").exists()


def test_signup_refuses_an_address_longer_than_the_column(client):
    response = sign_up(client, "a" * 64 + "@" + "b" * 190 + ".test")
    assert response.status_code == 200
    assert not User.objects.filter(username="newcomer").exists()


def test_signup_refuses_an_address_another_account_has_in_any_case(client):
    UserFactory(username="ada", email="ada@example.test")
    response = sign_up(client, "ADA@Example.test")
    assert response.status_code == 200
    assert EMAIL_TAKEN.replace("'", "&#x27;") in response.content.decode()
    assert not User.objects.filter(username="newcomer").exists()


def test_many_accounts_may_have_no_email(client):
    UserFactory(username="ada", email="")
    assert sign_up(client, "").status_code == 302


def test_signup_taken_in_between_says_what_was_taken(client, monkeypatch):
    """The form's check passed, then someone took the address before the save."""
    UserFactory(username="ada", email="ada@example.test")
    answers = iter([False])  # the first check misses it; the second sees it
    real = accounts.email_taken
    monkeypatch.setattr(
        "decks.account_forms.email_taken",
        lambda email, **kwargs: next(answers, None) or real(email, **kwargs),
    )
    response = sign_up(client, "ada@example.test")
    assert response.status_code == 200
    assert EMAIL_TAKEN.replace("'", "&#x27;") in response.content.decode()
    assert not User.objects.filter(username="newcomer").exists()


# --- The database ---------------------------------------------------------


def test_the_database_refuses_two_accounts_one_address_in_any_case():
    UserFactory(username="ada", email="ada@example.test")
    with pytest.raises(IntegrityError), transaction.atomic():
        UserFactory(username="bob", email="ADA@example.test")


class SchemaEditor:
    """What the migration's steps use of a schema editor, inside the test's transaction
    (SQLite's own editor refuses to open inside one)."""

    quote_name = staticmethod(connection.ops.quote_name)

    def execute(self, sql: str) -> None:
        with connection.cursor() as cursor:
            cursor.execute(sql)


def test_the_migration_leaves_a_shared_address_to_the_account_last_logged_into():
    migration = __import__(
        "decks.migrations.0006_one_account_an_email", fromlist=["clear_shared_addresses"]
    )
    editor = SchemaEditor()
    migration.drop_index(apps, editor)
    old = UserFactory(username="old", email="ada@example.test", last_login=None)
    used = UserFactory(username="used", email="Ada@example.test")
    used.last_login = used.date_joined
    used.save()
    alone = UserFactory(username="alone", email="alone@example.test")
    migration.clear_shared_addresses(apps, editor)
    migration.create_index(apps, editor)
    emails = dict(User.objects.values_list("username", "email"))
    assert emails == {"old": "", "used": "Ada@example.test", "alone": alone.email}
    assert old.pk  # kept, without an address


# --- Password reset ---------------------------------------------------------


def test_the_reset_page_answers_alike_for_a_known_and_an_unknown_address(client, mailoutbox):
    UserFactory(username="bob", email="bob@example.test")
    answers = [
        client.post(reverse("password_reset"), {"email": email}, follow=True)
        for email in ("bob@example.test", "nobody@example.test")
    ]
    assert answers[0].redirect_chain == answers[1].redirect_chain
    # The same page, but for the CSRF token each response masks anew.
    pages = [re.sub(r'"X-CSRFToken": "\w+"', "", a.content.decode()) for a in answers]
    assert pages[0] == pages[1]
    assert len(mailoutbox) == 1


def test_the_reset_page_says_only_an_account_with_an_address_can_be_reset(client):
    page = client.get(reverse("password_reset")).content.decode()
    assert "Only an account with an e-mail address can be reset this way." in page
