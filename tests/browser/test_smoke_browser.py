import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_admin_login_page_renders_in_chromium(page):
    page.goto("/admin/login/")
    assert "Log in" in page.content()
