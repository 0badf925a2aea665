"""Sign up, log in and log out with Django's auth."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.factories.decks import UserFactory

pytestmark = pytest.mark.django_db


def test_signup_creates_the_account_and_logs_in(client):
    response = client.post(
        reverse("signup"),
        {
            "username": "newcomer",
            "password1": "a-long-pass-phrase",
            "password2": "a-long-pass-phrase",
        },
    )
    assert response["Location"] == reverse("decks:mine")
    assert get_user_model().objects.filter(username="newcomer").exists()
    assert client.get(reverse("decks:mine")).status_code == 200


def test_signup_with_mismatched_passwords_creates_nobody(client):
    response = client.post(
        reverse("signup"),
        {"username": "newcomer", "password1": "a-long-pass-phrase", "password2": "another-one"},
    )
    assert response.status_code == 200
    assert "password fields didn" in response.content.decode()
    assert not get_user_model().objects.filter(username="newcomer").exists()


def test_signup_page_sends_a_logged_in_user_to_my_decks(client):
    client.force_login(UserFactory())
    assert client.get(reverse("signup"))["Location"] == reverse("decks:mine")


def test_login_with_the_right_password_lands_on_my_decks(client):
    UserFactory(username="ada")
    response = client.post(
        reverse("login"), {"username": "ada", "password": "correct-horse-battery"}
    )
    assert response["Location"] == reverse("decks:mine")


def test_login_with_a_wrong_password_says_so(client):
    UserFactory(username="ada")
    response = client.post(reverse("login"), {"username": "ada", "password": "wrong"})
    assert response.status_code == 200
    assert "Please enter a correct username and password" in response.content.decode()


def test_logout_is_a_post_that_ends_the_session(client):
    client.force_login(UserFactory())
    response = client.post(reverse("logout"))
    assert response.status_code == 302
    assert client.get(reverse("decks:mine")).status_code == 302


def test_login_page_renders(client):
    assert "Log in" in client.get(reverse("login")).content.decode()
