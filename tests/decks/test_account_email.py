"""E-mail addresses on accounts: optional at sign-up, added or changed on the account page
with the current password, one account an address in any case, and bounded so that nobody
learns from the site which addresses have an account faster than a few an hour."""

import re

import pytest
from axes.models import AccessAttempt
from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, connection, transaction
from django.urls import reverse

from decks import accounts
from decks.account_forms import EMAIL_TAKEN, EMAIL_TAKEN_HERE, WHY_AN_EMAIL
from tests.factories.decks import UserFactory
from tests.refusals import told_to_wait

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


def change(client, email, password=PASSWORD, address="198.51.100.1"):
    return client.post(
        reverse("account"), {"email": email, "password": password}, REMOTE_ADDR=address
    )


@pytest.fixture
def bob(db):
    """Another player, with an address of his own."""
    return UserFactory(username="bob", email="bob@example.test")


@pytest.fixture
def ada(client):
    user = UserFactory(username="ada", email="")
    client.force_login(user)
    return user


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
    checks = []

    def first_misses_it(email, **kwargs):
        checks.append(email)
        return len(checks) > 1 and accounts.email_taken(email, **kwargs)

    monkeypatch.setattr("decks.account_forms.email_taken", first_misses_it)
    response = sign_up(client, "ada@example.test")
    assert response.status_code == 200
    assert EMAIL_TAKEN.replace("'", "&#x27;") in response.content.decode()
    assert not User.objects.filter(username="newcomer").exists()


@pytest.fixture
def few_signups(settings):
    settings.SIGNUP_RATE = "2/hour"


def test_signups_from_one_address_are_limited_with_the_wait(client, few_signups):
    UserFactory(username="ada", email="ada@example.test")
    for n in range(2):
        assert sign_up(client, f"someone{n}@example.test", username=f"p{n}").status_code == 302
        client.logout()
    refused = sign_up(client, "ada@example.test")
    page = told_to_wait(refused, "sign-ups tried")
    # A refused request is told nothing of the address it gave.
    assert "Another account" not in page
    assert 'value="ada@example.test"' in page  # what was typed is kept
    # Another client is not held back by this one.
    assert sign_up(client, "", address="203.0.113.9").status_code == 302


def test_invalid_signups_count_toward_the_limit(client, few_signups):
    UserFactory(username="ada", email="ada@example.test")
    statuses = [sign_up(client, "ada@example.test").status_code for _ in range(3)]
    assert statuses == [200, 200, 429]


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


# --- The account page -----------------------------------------------------


def test_the_account_page_is_for_logged_in_players(client):
    response = client.get(reverse("account"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_the_account_page_shows_the_address(client, bob):
    client.force_login(bob)
    page = client.get(reverse("account")).content.decode()
    assert '<dd id="account-email">bob@example.test</dd>' in page
    assert "no-email-warning" not in page
    assert "Change your e-mail address" in page


def test_an_account_without_an_address_is_told_it_cannot_reset_a_password(client, ada):
    page = client.get(reverse("account")).content.decode()
    assert 'id="no-email-warning"' in page
    assert "if you forget your\n  password, it can't be reset" in page
    assert "Add an e-mail address" in page


def test_the_nav_links_to_the_account_page(client, ada):
    assert 'href="/accounts/" aria-current="page">Account</a>' in (
        client.get(reverse("account")).content.decode()
    )


def test_adding_an_address_with_the_password(client, ada, mailoutbox):
    response = change(client, "Ada@Example.test")
    assert response["Location"] == reverse("account")
    ada.refresh_from_db()
    assert ada.email == "Ada@example.test"
    page = client.get(reverse("account")).content.decode()
    assert "Your e-mail address is now Ada@example.test" in page
    assert "no-email-warning" not in page
    assert mailoutbox == []  # no old address to tell


def test_a_wrong_password_changes_nothing_and_says_so(client, ada):
    response = change(client, "ada@example.test", password="guess")
    assert response.status_code == 200
    assert "That isn&#x27;t your current password." in response.content.decode()
    ada.refresh_from_db()
    assert ada.email == ""


def test_a_wrong_password_tells_nothing_of_a_taken_address(client, ada, bob):
    page = change(client, "bob@example.test", password="guess").content.decode()
    assert "Another account" not in page


def test_no_password_changes_nothing(client, ada):
    response = client.post(reverse("account"), {"email": "ada@example.test"})
    assert response.status_code == 200
    ada.refresh_from_db()
    assert ada.email == ""


def test_wrong_passwords_on_the_account_page_count_toward_the_lockout(client, ada):
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert change(client, "ada@example.test", password="guess").status_code == 200
    locked = change(client, "ada@example.test", password="guess")
    assert locked.status_code == 429
    assert "Too many attempts" in locked.content.decode()
    # Even the right password is refused now, from this address.
    assert change(client, "ada@example.test").status_code == 429
    ada.refresh_from_db()
    assert ada.email == ""


def test_an_address_another_account_has_is_refused_in_any_case(client, ada, bob):
    response = change(client, "BOB@example.test")
    assert response.status_code == 200
    assert EMAIL_TAKEN_HERE in response.content.decode()
    ada.refresh_from_db()
    assert ada.email == ""


def test_an_address_taken_in_between_is_refused_on_the_form(client, ada, bob, monkeypatch):
    monkeypatch.setattr("decks.account_forms.email_taken", lambda *args, **kwargs: False)
    response = change(client, "bob@example.test")
    assert response.status_code == 200
    page = response.content.decode()
    assert EMAIL_TAKEN_HERE in page
    assert '<dd id="account-email"><span class="muted">none</span></dd>' in page
    ada.refresh_from_db()
    assert ada.email == ""


def test_changing_the_address_tells_the_old_one(client, bob, mailoutbox):
    client.force_login(bob)
    response = change(client, "robert@example.test")
    assert response["Location"] == reverse("account")
    (notice,) = mailoutbox
    assert notice.to == ["bob@example.test"]
    assert notice.subject == "Your Shén Lab e-mail address was changed"
    assert "from bob@example.test to robert@example.test" in notice.body
    assert (
        "We told bob@example.test of the change" in client.get(reverse("account")).content.decode()
    )


def test_a_mail_server_down_does_not_undo_the_change(client, bob, monkeypatch, caplog):
    def down(*args, **kwargs):
        raise OSError("connection refused")

    monkeypatch.setattr("decks.accounts.send_mail", down)
    client.force_login(bob)
    assert change(client, "robert@example.test").status_code == 302
    bob.refresh_from_db()
    assert bob.email == "robert@example.test"
    assert "Failed to tell account" in caplog.text


def test_changing_only_the_case_of_ones_own_address(client, bob, mailoutbox):
    client.force_login(bob)
    assert change(client, "Bob@example.test").status_code == 302
    bob.refresh_from_db()
    assert bob.email == "Bob@example.test"
    assert mailoutbox == []  # the same mailbox


def test_the_same_address_again_changes_nothing(client, bob, mailoutbox):
    client.force_login(bob)
    response = change(client, "bob@example.test")
    assert response["Location"] == reverse("account")
    assert "as it was" in client.get(reverse("account")).content.decode()
    assert mailoutbox == []


def test_removing_the_address_warns_again(client, bob, mailoutbox):
    client.force_login(bob)
    assert change(client, "").status_code == 302
    bob.refresh_from_db()
    assert bob.email == ""
    page = client.get(reverse("account")).content.decode()
    assert "a forgotten password can&#x27;t be reset now" in page
    assert 'id="no-email-warning"' in page
    assert mailoutbox[0].to == ["bob@example.test"]


@pytest.fixture
def few_changes(settings):
    settings.EMAIL_CHANGE_RATE = "2/hour"


def test_email_changes_on_one_account_are_limited_and_check_nothing(client, ada, bob, few_changes):
    assert [change(client, "x@example.test", "guess").status_code for _ in range(2)] == [200, 200]
    attempts = AccessAttempt.objects.get().failures_since_start
    refused = change(client, "bob@example.test")
    page = told_to_wait(refused, "e-mail changes tried")
    assert "Another account" not in page
    # The refused request's password was not checked: no lockout count for it.
    assert AccessAttempt.objects.get().failures_since_start == attempts
    ada.refresh_from_db()
    assert ada.email == ""


# --- Password reset ---------------------------------------------------------


def test_an_address_added_later_gets_a_working_reset_link(client, ada, mailoutbox):
    change(client, "ada@example.test")
    client.logout()
    response = client.post(reverse("password_reset"), {"email": "ada@example.test"})
    assert response["Location"] == reverse("password_reset_done")
    (message,) = mailoutbox
    assert message.to == ["ada@example.test"]
    link = message.body.split("http://testserver", 1)[1].split()[0]
    form_url = client.get(link)["Location"]
    done = client.post(form_url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert done["Location"] == reverse("password_reset_complete")
    logged_in = client.post(reverse("login"), {"username": "ada", "password": NEW_PASSWORD})
    assert logged_in["Location"] == reverse("decks:mine")


def test_the_reset_page_answers_alike_for_a_known_and_an_unknown_address(client, bob, mailoutbox):
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


# --- Staff -----------------------------------------------------------------


def staff_form(user, email):
    from decks.admin import StaffUserChangeForm

    data = {"username": user.username, "email": email, "date_joined": user.date_joined}
    return StaffUserChangeForm(data, instance=user)


def test_staff_cannot_give_a_user_another_accounts_address():
    UserFactory(username="ada", email="ada@example.test")
    form = staff_form(UserFactory(username="bob", email=""), "ADA@example.test")
    assert not form.is_valid()
    assert form.errors["email"] == [EMAIL_TAKEN_HERE]


def test_staff_may_keep_a_users_own_address(bob):
    form = staff_form(bob, "Bob@Example.test")
    assert form.is_valid(), form.errors
    form.save()
    bob.refresh_from_db()
    assert bob.email == "Bob@example.test"


def test_the_staff_user_page_uses_the_guarded_form(admin_client):
    bob = UserFactory(username="bob")
    page = admin_client.get(reverse("admin:auth_user_change", args=[bob.pk]))
    assert page.status_code == 200
    from decks.admin import StaffUserChangeForm

    assert isinstance(page.context["adminform"].form, StaffUserChangeForm)
