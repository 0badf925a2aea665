"""Forms for the account pages: sign-up with an optional e-mail address, and the account
page's e-mail form. They check input; decks/accounts.py acts on it."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import authenticate
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.forms import UserCreationForm
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.forms.utils import ErrorDict
from django.http import HttpRequest

from decks.accounts import EMAIL_MAX_LENGTH, email_taken, normalized_email

WHY_AN_EMAIL = (
    "The only way to reset a forgotten password. Never shown to anyone; used for nothing else."
)
# What sign-up must say of a taken address, and all it says: not whose it is.
EMAIL_TAKEN_HERE = "Another account has this e-mail address."
EMAIL_TAKEN = f"{EMAIL_TAKEN_HERE} If it's yours, log in or reset its password."


def email_field(label: str = "E-mail address", **kwargs: Any) -> forms.EmailField:
    """An e-mail address, optional, at most the column's length."""
    return forms.EmailField(
        required=False,
        max_length=EMAIL_MAX_LENGTH,
        label=label,
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
        **kwargs,
    )


class Refusable(forms.BaseForm):
    """A form that can be refused before it is checked (over a rate limit): it keeps what
    was typed and shows only the refusal, checking nothing, so a refused request learns
    nothing (whether an address is taken) and costs nothing (no password check)."""

    refusal: str | None = None

    def refuse(self, message: str) -> None:
        self.refusal = message
        self._errors = None

    def full_clean(self) -> None:
        if self.refusal is None:
            super().full_clean()
            return
        self.cleaned_data = {}
        self._errors = ErrorDict(renderer=self.renderer)
        self._errors[NON_FIELD_ERRORS] = self.error_class(
            [self.refusal], error_class="nonfield", renderer=self.renderer
        )


class SignupForm(Refusable, UserCreationForm):
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


class EmailForm(Refusable, forms.Form):
    """A logged-in player's new e-mail address (empty: none), and their current password.

    The password is asked for even to add a first address: whoever holds a session left
    open could otherwise add theirs and take the account with a password reset. It is
    checked through ``authenticate``, so wrong guesses count toward the log-in lockout
    (django-axes) like any other password check; and it is checked before the address,
    so only the account's owner learns whether an address is taken."""

    email = email_field(
        help_text="Leave it empty to remove it (then a forgotten password can't be reset)."
    )
    password = forms.CharField(
        label="Current password",
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, user: AbstractBaseUser, request: HttpRequest, *args: Any, **kwargs: Any):
        self.user = user
        self.request = request
        kwargs.setdefault("initial", {"email": user.email})
        super().__init__(*args, **kwargs)
        if not user.email:
            self.fields["email"].help_text = WHY_AN_EMAIL

    def clean_email(self) -> str:
        return normalized_email(self.cleaned_data["email"])

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        checked = authenticate(self.request, username=self.user.get_username(), password=password)
        if checked is None or checked.pk != self.user.pk:
            raise ValidationError("That isn't your current password.", code="password_incorrect")
        return password

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        email = cleaned.get("email")
        if "password" in cleaned and email and email_taken(email, other_than=self.user):
            self.add_error("email", ValidationError(EMAIL_TAKEN_HERE, code="email_taken"))
        return cleaned

    @property
    def changes_nothing(self) -> bool:
        """Is the address given the account's own already?"""
        return self.cleaned_data["email"] == self.user.email
