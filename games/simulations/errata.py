"""Publishing an errata what-if's draft as an erratum, from its finished simulation.

The draft lives in the job (``parameters``: the card, its ``changes`` and ``note``,
the card as it was when the job began). Publishing goes through the catalogue's own
revision service (``cards.revisions.card_revise``), so the card's history, its
revision record and whatever reads the catalogue stay right; this only decides
whether it may happen.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from cards.models import Card
from cards.revisions import card_revise
from games.decklists import card_data
from games.models.simulations import JobStatus, SimulationJob, SimulationKind
from games.simulations.parameters import catalogue_card
from games.simulations.services import SimulationConflict, SimulationError


class SimulationForbidden(SimulationError):
    """Only catalogue staff publish errata."""

    status = 403


def errata_publish_refusal(job: SimulationJob, user: AbstractBaseUser) -> SimulationError | None:
    """Why ``user`` may not publish ``job``'s draft now (None when they may)."""
    if job.kind != SimulationKind.ERRATA:
        return SimulationError("Only an errata what-if has a draft to publish.")
    if job.owner_id != user.pk or not user.is_staff:
        return SimulationForbidden("Only catalogue staff publish errata, from their own what-if.")
    if job.parameters.get("published_at"):
        return SimulationConflict("This draft is published already.")
    if job.status != JobStatus.FINISHED:
        return SimulationConflict("Publish the draft once its simulation has finished.")
    return None


def errata_publish(job: SimulationJob, user: AbstractBaseUser) -> Card:
    """Publish the job's draft as an erratum of its card (a CardRevision with its note).

    Refuses, changing nothing: another kind, a user not staff or not the owner, a job
    not finished or already published (409), a card changed since the job began (409:
    the shift measured is not the erratum's), a draft the catalogue refuses (400)."""
    if refusal := errata_publish_refusal(job, user):
        raise refusal
    parameters = job.parameters
    with transaction.atomic():
        locked = SimulationJob.objects.select_for_update().get(pk=job.pk)
        if locked.parameters.get("published_at"):
            raise SimulationConflict("This draft is published already.")
        card = catalogue_card(parameters["card"])
        if card is None or card_data(card) != parameters["current_card"]:
            raise SimulationConflict(
                "The card has changed since this simulation began: simulate the draft again."
            )
        try:
            card = card_revise(card=card, changes=parameters["changes"], note=parameters["note"])
        except ValidationError as error:
            raise SimulationError(" ".join(error.messages)) from None
        locked.parameters = {**parameters, "published_at": timezone.now().isoformat()}
        locked.save(update_fields=["parameters"])
    job.parameters = locked.parameters
    return card
