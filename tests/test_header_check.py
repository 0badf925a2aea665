"""A request header holding a control character is a 400 naming it, as gunicorn answers."""

import pytest
from axes.models import AccessAttempt

pytestmark = pytest.mark.django_db


def test_a_nul_in_the_user_agent_of_a_log_in_is_refused_before_anything_is_stored(client):
    # django-axes keeps a failed log-in's User-Agent, and PostgreSQL refuses a NUL in it
    # (a 500 found by bench/hostile/).
    response = client.post(
        "/accounts/login/", {"username": "ada", "password": "guess"}, HTTP_USER_AGENT="a\x00b"
    )
    assert response.status_code == 400
    assert response.content.decode() == "The User-Agent header holds a control character."
    assert not AccessAttempt.objects.exists()


@pytest.mark.parametrize("value", ["\x01", "a\x1fb", "\x7f"])
def test_any_control_character_in_any_header_is_refused(client, value):
    assert client.get("/", HTTP_X_ANYTHING=value).status_code == 400


def test_a_tab_and_text_beyond_ascii_pass(client):
    assert client.get("/", HTTP_X_ANYTHING="a\tb é").status_code == 200
