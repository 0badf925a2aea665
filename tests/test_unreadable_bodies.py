"""A form body Django cannot parse is a 400 (or the page's own 404), never a 500.

With a CSRF cookie, as a browser has, the CSRF check reads the form body; Django's error
pages ran that check again, so a body that failed to parse failed again inside the error
page. Found by bench/hostile/.
"""

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

TOKEN = "a" * 32


@pytest.fixture
def browser():
    """A client whose CSRF checks are enforced, holding a CSRF cookie and sending its token."""
    client = Client(enforce_csrf_checks=True, HTTP_X_CSRFTOKEN=TOKEN)
    client.cookies["csrftoken"] = TOKEN
    return client


def test_multipart_without_a_boundary_to_no_page_is_not_found(browser):
    response = browser.post(
        "/api/matches/-1/resign/", data=b"--x\r\n\r\n1", content_type="multipart/form-data"
    )
    assert response.status_code == 404


def test_a_form_declared_utf16_is_a_bad_request(browser):
    response = browser.post(
        "/accounts/login/",
        data=b"username=player&password=wrong",
        content_type="application/x-www-form-urlencoded; charset=utf-16",
    )
    assert response.status_code == 400
