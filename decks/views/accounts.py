"""Sign up, the account page (its e-mail address) and a rate-limited password reset;
logging in and out are Django's own views (see decks/accounts_urls.py).

Each form that can tell whether an e-mail address has an account is bounded: sign-up per
client address, the account page per account, the reset page per address asked for and
per client address. So nobody learns more than a few answers an hour from one place.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordResetForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from decks.account_forms import EMAIL_TAKEN_HERE, EmailForm, SignupForm
from decks.accounts import AlreadyTaken, change_email, save_account
from shen_site.throttling import client_address, seconds_to_wait


def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and log straight in, landing on "my decks"."""
    if request.user.is_authenticated:
        return redirect(settings.LOGIN_REDIRECT_URL)
    template = "registration/signup.html"
    if request.method != "POST":
        return render(request, template, {"form": SignupForm()})
    form = SignupForm(request.POST)
    # Every attempt counts, valid or not: a taken address is refused on an invalid one too.
    wait = limit_wait((f"signup-address:{client_address(request)}", settings.SIGNUP_RATE))
    if wait is not None:
        form.refuse(too_many(wait, "sign-ups tried"))
        return retry_after(render(request, template, {"form": form}, status=429), wait)
    if form.is_valid():
        user = form.save(commit=False)
        try:
            save_account(user)
        except AlreadyTaken:
            # Someone took the username or address since the check: checked again, the
            # form names which.
            form = SignupForm(request.POST)
            if form.is_valid():
                form.add_error(None, "That didn't go through: try again.")
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect(settings.LOGIN_REDIRECT_URL)
    return render(request, template, {"form": form})


@login_required
def account(request: HttpRequest) -> HttpResponse:
    """The player's account: its e-mail address, which they add, change or remove with
    their current password; without one, a warning that a forgotten password is lost."""
    template = "registration/account.html"
    if request.method != "POST":
        return render(request, template, {"form": EmailForm(request.user, request)})
    form = EmailForm(request.user, request, request.POST)
    wait = limit_wait((f"email-change:{request.user.pk}", settings.EMAIL_CHANGE_RATE))
    if wait is not None:
        form.refuse(too_many(wait, "e-mail changes tried"))
        return retry_after(render(request, template, {"form": form}, status=429), wait)
    if form.is_valid():
        if form.changes_nothing:
            messages.info(request, "Your e-mail address is as it was.")
            return redirect("account")
        try:
            old = change_email(request.user, form.cleaned_data["email"])
        except AlreadyTaken:
            form.add_error("email", EMAIL_TAKEN_HERE)
        else:
            messages.success(request, email_changed_message(old, request.user.email))
            return redirect("account")
    return render(request, template, {"form": form})


def email_changed_message(old: str, new: str) -> str:
    """What the account page says once the address changed."""
    if not new:
        return "Your e-mail address is removed: a forgotten password can't be reset now."
    if old:
        return f"Your e-mail address is now {new}. We told {old} of the change."
    return f"Your e-mail address is now {new}: a forgotten password can be reset with it."


class PasswordResetView(auth_views.PasswordResetView):
    """Django's password reset, refusing (429, on the form) a request past the rates of
    ``PASSWORD_RESET_RATES``: per e-mail address, so nobody floods one inbox, and per
    client address, so nobody tries every address."""

    def form_valid(self, form: PasswordResetForm) -> HttpResponse:
        email = form.cleaned_data["email"].strip().lower()
        rates = settings.PASSWORD_RESET_RATES
        wait = limit_wait(
            (f"reset-address:{client_address(self.request)}", rates["address"]),
            (f"reset-email:{email}", rates["email"]),
        )
        if wait is None:
            return super().form_valid(form)
        form.add_error(
            None, too_many(wait, "reset links asked for", "If a link was sent, it is still good.")
        )
        return retry_after(
            self.render_to_response(self.get_context_data(form=form), status=429), wait
        )


def limit_wait(*counted: tuple[str, str]) -> int | None:
    """Count the request under each (key, rate): None while within every rate, else the
    longest wait in seconds. Each is counted every time, so none is spent behind another."""
    waits = [seconds_to_wait(key, rate) for key, rate in counted]
    return max((seconds for seconds in waits if seconds is not None), default=None)


def too_many(wait: int, what: str, then: str = "") -> str:
    """That too many ``what`` came in a short time, and how long to wait."""
    minutes = -(-wait // 60)
    return (
        f"Too many {what} in a short time: "
        f"try again in {minutes} minute{'s' if minutes != 1 else ''}. {then}"
    ).rstrip()


def retry_after(response: HttpResponse, wait: int) -> HttpResponse:
    response["Retry-After"] = str(wait)
    return response
