"""Forms for the account pages: sign-up with an optional e-mail address. They check input;
decks/accounts.py acts on it."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.core.exceptions import ValidationError

from decks.accounts import EMAIL_MAX_LENGTH, email_taken, normalized_email

WHY_AN_EMAIL = (
    "Optional, but the only way to reset a forgotten password. "
    "Never shown to anyone; used for nothing else."
)
# What sign-up must say of a taken address, and all it says: not whose it is.
EMAIL_TAKEN = (
    "Another account has this e-mail address. If it's yours, log in or reset its password."
)


def email_field(label: str = "E-mail address", **kwargs: Any) -> forms.EmailField:
    """An e-mail address, optional, at most the column's length."""
    return forms.EmailField(
        required=False,
        max_length=EMAIL_MAX_LENGTH,
        label=label,
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
        **kwargs,
    )


class SignupForm(UserCreationForm):
    """Django's sign-up (a username, a password twice) with an optional e-mail address
    no other account has."""

    email = email_field(label="E-mail address (optional)", help_text=WHY_AN_EMAIL)

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")

    def clean_email(self) -> str:
        email = normalized_email(self.cleaned_data["email"])
        if email_taken(email):
            raise ValidationError(EMAIL_TAKEN, code="email_taken")
        return email
