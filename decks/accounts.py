"""Accounts' e-mail addresses: the only way a forgotten password can be reset.

One account an address, told apart without regard to case ("Ada@Example.test" is
"ada@example.test"): a password reset sends a link to every account holding the address
it is asked for, so a shared address would let one holder take over the other's account.
The database holds to it too (migration decks 0006: a unique index on the lowered address,
empty ones aside), so two sign-ups at the same moment cannot both get one address.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser, BaseUserManager
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string

logger = logging.getLogger(__name__)

# Django's own column: 254 characters, as RFC 5321 allows an address.
EMAIL_MAX_LENGTH = get_user_model()._meta.get_field("email").max_length


class AlreadyTaken(Exception):
    """Another account has that e-mail address (or, at sign-up, that username)."""


def normalized_email(email: str) -> str:
    """``email`` as stored: trimmed, its domain in lower case (Django's normalisation).
    The part before the @ keeps its case, which a mail server may heed."""
    return BaseUserManager.normalize_email(email.strip())


def email_taken(email: str, *, other_than: AbstractBaseUser | None = None) -> bool:
    """Does an account (other than ``other_than``) have ``email``, in any case?"""
    if not email:
        return False
    holders = get_user_model()._default_manager.filter(email__iexact=email)
    if other_than is not None:
        holders = holders.exclude(pk=other_than.pk)
    return holders.exists()


def save_account(user: AbstractBaseUser, *fields: str) -> None:
    """Save ``user`` (only ``fields``, when given); ``AlreadyTaken`` when the database refuses
    it for a unique column: its address or (at sign-up) its username was taken between the
    form's check and now."""
    try:
        with transaction.atomic():
            user.save(update_fields=fields or None)
    except IntegrityError as refusal:
        raise AlreadyTaken(user.email) from refusal


def change_email(user: AbstractBaseUser, email: str) -> str:
    """Give ``user`` the address ``email`` (empty: none), returning the one it had.

    The old address is told of the change, so an owner whose session someone else used
    learns of it where that someone cannot read. ``AlreadyTaken`` when another account got
    ``email`` first."""
    old = user.email
    user.email = email
    try:
        save_account(user, "email")
    except AlreadyTaken:
        user.email = old
        raise
    if old and old.lower() != email.lower():
        _tell_old_address(user, old)
    return old


def _tell_old_address(user: AbstractBaseUser, old: str) -> None:
    context = {"user": user, "old": old, "new": user.email}
    subject = "".join(render_to_string("registration/email_changed_subject.txt").splitlines())
    body = render_to_string("registration/email_changed_email.txt", context)
    try:
        send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [old])
    except Exception:
        # The change is made; a mail server down must not undo it nor fail the page
        # (Django's password reset logs a failed send the same way).
        logger.exception("Failed to tell account %s its old e-mail of a change", user.pk)
