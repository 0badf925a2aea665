"""Accounts' e-mail addresses: the only way a forgotten password can be reset.

One account an address, told apart without regard to case ("Ada@Example.test" is
"ada@example.test"): a password reset sends a link to every account holding the address
it is asked for, so a shared address would let one holder take over the other's account.
The database holds to it too (migration decks 0006: a unique index on the lowered address,
empty ones aside), so two sign-ups at the same moment cannot both get one address.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser, BaseUserManager
from django.db import IntegrityError, transaction

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
