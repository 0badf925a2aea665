"""Password guessing is refused on every path that checks a password (django-axes).

Failures count per username *and* address: after the limit even the right password
is refused from that address, while the same player elsewhere, and other players
at that address, log in as usual.
"""

import base64

import pytest
from axes.models import AccessAttempt
from django.conf import settings

from tests.factories.decks import UserFactory

pytestmark = pytest.mark.django_db

LIMIT = settings.AXES_FAILURE_LIMIT
RIGHT = "correct-horse-battery"
HERE, ELSEWHERE = "198.51.100.10", "198.51.100.20"


@pytest.fixture
def ada():
    return UserFactory(username="ada", is_staff=True, is_superuser=True)


def log_in(client, password, *, path="/accounts/login/", username="ada", address=HERE):
    return client.post(path, {"username": username, "password": password}, REMOTE_ADDR=address)


def basic(username: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{username}:{password}".encode()).decode()


def api_get(api_client, password, *, address=HERE):
    return api_client.get(
        "/api/decks/", HTTP_AUTHORIZATION=basic("ada", password), REMOTE_ADDR=address
    )


def assert_lockout_page(response):
    assert response.status_code == 429
    assert "registration/locked_out.html" in [t.name for t in response.templates]
    page = response.content.decode()
    assert "Too many attempts" in page and "Reset your password" in page
    assert '<link rel="stylesheet"' in page  # the site's page, not a bare message


def test_login_page_refuses_the_right_password_after_the_limit(client, ada):
    for _ in range(LIMIT - 1):
        assert log_in(client, "guess").status_code == 200
    assert_lockout_page(log_in(client, "guess"))
    assert_lockout_page(log_in(client, RIGHT))
    assert client.get("/decks/mine/").status_code == 302  # still logged out


def test_admin_login_refuses_the_right_password_after_the_limit(client, ada):
    for _ in range(LIMIT):
        log_in(client, "guess", path="/admin/login/")
    assert_lockout_page(log_in(client, RIGHT, path="/admin/login/"))
    assert client.get("/admin/").status_code == 302


def test_failures_on_one_path_count_on_the_others(client, ada):
    for _ in range(LIMIT):
        log_in(client, "guess", path="/admin/login/")
    assert_lockout_page(log_in(client, RIGHT))


def test_api_basic_auth_refuses_the_right_password_after_the_limit(api_client, ada):
    assert api_get(api_client, RIGHT).status_code == 200
    for _ in range(LIMIT - 1):
        assert api_get(api_client, "guess").status_code in {401, 403}
    assert api_get(api_client, "guess").status_code == 429  # as the log-in page does
    refused = api_get(api_client, RIGHT)
    assert refused.status_code == 429
    assert refused.json()["detail"].startswith("Too many wrong passwords for this account")
    assert "/accounts/password-reset/" in refused.json()["detail"]
    assert int(refused["Retry-After"]) == settings.AXES_COOLOFF_TIME.total_seconds()


def test_api_basic_auth_lockout_is_per_address_too(api_client, ada):
    for _ in range(LIMIT):
        api_get(api_client, "guess")
    assert api_get(api_client, RIGHT, address=ELSEWHERE).status_code == 200
    assert api_get(api_client, "guess", address=ELSEWHERE).status_code in {401, 403}


def test_lockout_is_per_username_and_address(client, ada):
    UserFactory(username="grace")
    for _ in range(LIMIT):
        log_in(client, "guess")
    assert log_in(client, RIGHT, address=ELSEWHERE).status_code == 302
    client.logout()
    assert log_in(client, RIGHT, username="grace").status_code == 302


def test_a_made_up_forwarded_for_does_not_reset_the_count(client, ada):
    for number in range(LIMIT):
        client.post(
            "/accounts/login/",
            {"username": "ada", "password": "guess"},
            REMOTE_ADDR=HERE,
            HTTP_X_FORWARDED_FOR=f"203.0.113.{number}",
        )
    assert_lockout_page(log_in(client, RIGHT))


def test_a_success_before_the_limit_starts_the_count_again(client, ada):
    for _ in range(LIMIT - 1):
        log_in(client, "guess")
    assert log_in(client, RIGHT).status_code == 302
    client.logout()
    for _ in range(LIMIT - 1):
        log_in(client, "guess")
    assert log_in(client, RIGHT).status_code == 302


@pytest.mark.parametrize("path", ["/accounts/login/", "/admin/login/"])
def test_a_username_longer_than_any_account_counts_as_one_failed_login(client, path):
    # Axes keeps usernames in 255 characters; PostgreSQL refused a longer one (a 500 found
    # by bench/hostile/).
    response = log_in(client, "guess", path=path, username="a" * 5000)
    assert response.status_code == 200
    assert AccessAttempt.objects.get().username == "a" * 255


@pytest.mark.parametrize("forwarded", ["garbage", "999.1.1.1", ""])
def test_a_forwarded_for_that_is_no_address_counts_the_connections_address(
    client, settings, forwarded
):
    # With proxies trusted, a client without one writes the entry itself; axes keeps it in
    # an address column, which PostgreSQL checks (a 500 found by bench/hostile/).
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    response = client.post(
        "/accounts/login/",
        {"username": "ada", "password": "guess"},
        REMOTE_ADDR=HERE,
        HTTP_X_FORWARDED_FOR=forwarded,
    )
    assert response.status_code == 200
    assert AccessAttempt.objects.get().ip_address == HERE


def test_a_malformed_body_with_a_wrong_basic_password_is_a_client_error(api_client, ada):
    response = api_client.post(
        "/api/decks/",
        data=b"{not json",
        content_type="application/json",
        HTTP_AUTHORIZATION=basic("ada", "guess"),
        REMOTE_ADDR=HERE,
    )
    assert 400 <= response.status_code < 500
