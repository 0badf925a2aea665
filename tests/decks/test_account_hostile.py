"""Random and malicious input to sign-up and the account page's e-mail form: an answer of
200, 302 or 400, never a 500.

Bodies are sent as raw form encoding, so they can hold what a browser would never send:
NUL and other controls, lone surrogates and bytes that are no UTF-8, fields twice or not
at all, addresses past the column's length, another account's address in other case. On
SQLite here; on PostgreSQL too when DATABASE_URL points at it (CI), where NUL and overlong
values are refused by the database itself rather than by Python.
"""

from urllib.parse import quote_plus

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.factories.decks import UserFactory

pytestmark = pytest.mark.django_db

HOSTILE = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
PASSWORD = "correct-horse-battery"  # the factories' password
TAKEN = "taken@example.test"
ANSWERS = {200, 302, 400}

awkward_characters = st.sampled_from(
    [
        *["\x00", "\x01", "\x1b", "\x7f", "\x85", "\u2028", "\ud800", "\udfff", "²", "\ufeff"],
        *[
            "'",
            '"',
            "<",
            ">",
            "&",
            "=",
            "%",
            "+",
            "@",
            "@@",
            ".",
            " ",
            "\n",
            "\t",
            "é",
            "ß",
            "İ",
            "🂡",
        ],
    ]
)
awkward_text = st.lists(st.one_of(st.text(max_size=8), awkward_characters), max_size=10).map(
    "".join
)
emails = st.one_of(
    st.emails(),
    st.builds(lambda local, domain: f"{local}@{domain}", awkward_text, awkward_text),
    st.sampled_from(
        [
            "",
            TAKEN,
            TAKEN.upper(),
            f" {TAKEN} ",
            "a" * 64 + "@" + "b" * 186 + ".test",  # 255: one past the column
            "a" * 65 + "@example.test",
            "x" * 5000 + "@example.test",
            "ada@exämple.test",
            "ada@xn--exmple-cua.test",
            "ada@[127.0.0.1]",
            '"quoted local"@example.test',
            "ada@example.test\x00",
            "ada@example.test\r\nBcc: everyone@example.test",
            "<script>alert(1)</script>@example.test",
            "'; DROP TABLE auth_user; --@example.test",
        ]
    ),
    awkward_text,
)
passwords = st.one_of(st.just(PASSWORD), st.just("a-long-pass-phrase"), awkward_text)
usernames = st.one_of(
    st.sampled_from(["ada", "ADA", "newcomer", "a" * 151, "new\x00comer", ""]),
    awkward_text,
)
# Bytes no UTF-8 decoder reads, and raw escapes for controls.
raw_tails = st.sampled_from(
    ["", "&email=%FF%FE", "&email=%00", "&username=%C0%AF", "&%FF=1", "&&=&"]
)


def field_values(value: st.SearchStrategy[str]) -> st.SearchStrategy[list[str]]:
    """A field sent not at all, once (most often) or twice."""
    return st.one_of(
        st.just([]), value.map(lambda one: [one]), st.lists(value, min_size=2, max_size=2)
    )


def form_body(fields: dict[str, list[str]], tail: str) -> bytes:
    """Form encoding of ``fields``, lone surrogates as the bytes a careless encoder sends
    (bytes, which the test client's ``generic`` sends as they are, whatever the charset
    claims)."""
    pairs = [
        f"{quote_plus(name)}={quote_plus(value, encoding='utf-8', errors='surrogatepass')}"
        for name, values in fields.items()
        for value in values
    ]
    return ("&".join(pairs) + tail).encode("ascii")


@st.composite
def signup_bodies(draw) -> bytes:
    """Every field hostile, or (so that some sign-ups go through to the database) a sound
    username and password with a hostile address."""
    if draw(st.booleans()):
        password = draw(st.sampled_from(["a-long-pass-phrase", "another-long-phrase"]))
        fields = {
            "username": [draw(st.from_regex(r"[a-z][a-z0-9_]{2,20}", fullmatch=True))],
            "email": draw(field_values(emails)),
            "password1": [password],
            "password2": [password],
        }
    else:
        fields = {
            "username": draw(field_values(usernames)),
            "email": draw(field_values(emails)),
            "password1": draw(field_values(passwords)),
            "password2": draw(field_values(passwords)),
        }
    return form_body(fields, draw(raw_tails))


@st.composite
def email_form_bodies(draw) -> bytes:
    fields = {"email": draw(field_values(emails)), "password": draw(field_values(passwords))}
    return form_body(fields, draw(raw_tails))


FORM = "application/x-www-form-urlencoded"
# Mostly the form encoding browsers send; now and then a charset Django refuses (a 400).
content_types = st.one_of(
    st.just(FORM),
    st.sampled_from(
        [f"{FORM}; charset=utf-8", f"{FORM}; charset=latin-1", f"{FORM}; charset=utf-16"]
    ),
)


@pytest.fixture
def unbounded(settings):
    """Rates and the lockout out of the way: the property is about input, not counts."""
    settings.SIGNUP_RATE = "100000/hour"
    settings.EMAIL_CHANGE_RATE = "100000/hour"
    settings.AXES_FAILURE_LIMIT = 100000
    UserFactory(username="ada", email=TAKEN)


@HOSTILE
@given(body=signup_bodies(), content_type=content_types)
def test_signup_answers_hostile_input_without_a_server_error(unbounded, body, content_type):
    # A client of its own each time: one that signed up is logged in and sent away.
    response = Client().generic("POST", "/accounts/signup/", body, content_type)
    assert response.status_code in ANSWERS, response.content[:500]


@HOSTILE
@given(body=email_form_bodies(), content_type=content_types)
def test_the_email_form_answers_hostile_input_without_a_server_error(unbounded, body, content_type):
    client = Client()
    client.force_login(UserFactory(username="bob", email="bob@example.test"))
    response = client.generic("POST", "/accounts/", body, content_type)
    assert response.status_code in ANSWERS, response.content[:500]
