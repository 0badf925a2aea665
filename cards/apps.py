from django.apps import AppConfig
from django.db.models.signals import post_delete, post_migrate, post_save


class CardsConfig(AppConfig):
    name = "cards"
    verbose_name = "Card catalogue"

    def ready(self) -> None:
        from cards.api.generation import catalogue_migrated, catalogue_written
        from cards.api.stored import card_document_rewrite, documents_migrated
        from cards.card_written import card_written
        from cards.models import Ability, Card, Realm

        # Any write to what a catalogue response shows outdates the stored responses.
        for model in (Card, Ability, Realm):
            for signal in (post_save, post_delete):
                signal.connect(catalogue_written, sender=model, dispatch_uid=f"catalogue-{model}")
        post_migrate.connect(catalogue_migrated, sender=self, dispatch_uid="catalogue-migrated")
        # Cards left without a current stored API document get one (cards.api.stored).
        post_migrate.connect(documents_migrated, sender=self, dispatch_uid="documents-migrated")
        # A card the catalogue's services wrote gets its stored document in the same transaction.
        card_written.connect(card_document_rewrite, sender=Card, dispatch_uid="card-document")
