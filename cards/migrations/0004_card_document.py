"""Stored card documents, and the triggers that delete a card's document when it changes.

The triggers live in the database so that *every* write outdates a document: the
ORM's saves and deletions, ``bulk_create``, ``QuerySet.update``, raw SQL, data
migrations. A document is deleted in the statement that changes its card, its
abilities or its realm's slug; it is never rewritten in place by a trigger.

On PostgreSQL the ability and realm triggers first lock the cards concerned
(``FOR NO KEY UPDATE``), as ``card_documents_refresh`` does before it reads a card:
so a document written from rows read before a concurrent change is deleted by
that change's trigger once the writer commits, never left behind. (A change to
the card row locks it by itself; SQLite has one writer at a time.)

SQLite drops a table's triggers with the table: a later migration that rebuilds
``cards_card``, ``cards_ability`` or ``cards_realm`` on SQLite must create them
again (``tests/cards/test_stored_documents.py`` checks that they exist).
"""

from django.db import migrations, models
import django.db.models.deletion

SQLITE_TRIGGERS = {
    "cards_document_card_changed": """
        CREATE TRIGGER cards_document_card_changed AFTER UPDATE ON cards_card
        BEGIN DELETE FROM cards_carddocument WHERE card_id IN (OLD.id, NEW.id); END""",
    "cards_document_card_deleted": """
        CREATE TRIGGER cards_document_card_deleted AFTER DELETE ON cards_card
        BEGIN DELETE FROM cards_carddocument WHERE card_id = OLD.id; END""",
    "cards_document_ability_added": """
        CREATE TRIGGER cards_document_ability_added AFTER INSERT ON cards_ability
        BEGIN DELETE FROM cards_carddocument WHERE card_id = NEW.card_id; END""",
    "cards_document_ability_changed": """
        CREATE TRIGGER cards_document_ability_changed AFTER UPDATE ON cards_ability
        BEGIN DELETE FROM cards_carddocument WHERE card_id IN (OLD.card_id, NEW.card_id); END""",
    "cards_document_ability_deleted": """
        CREATE TRIGGER cards_document_ability_deleted AFTER DELETE ON cards_ability
        BEGIN DELETE FROM cards_carddocument WHERE card_id = OLD.card_id; END""",
    "cards_document_realm_renamed": """
        CREATE TRIGGER cards_document_realm_renamed AFTER UPDATE ON cards_realm
        WHEN OLD.slug IS NOT NEW.slug OR OLD.id IS NOT NEW.id
        BEGIN DELETE FROM cards_carddocument
              WHERE card_id IN (SELECT id FROM cards_card WHERE realm_id IN (OLD.id, NEW.id));
        END""",
}

POSTGRESQL_FUNCTIONS = """
CREATE FUNCTION cards_document_card_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM cards_carddocument WHERE card_id = OLD.id;
  RETURN NULL;
END $$;

CREATE FUNCTION cards_document_ability_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cards bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    cards := ARRAY[NEW.card_id];
  ELSIF TG_OP = 'DELETE' THEN
    cards := ARRAY[OLD.card_id];
  ELSE
    cards := ARRAY[OLD.card_id, NEW.card_id];
  END IF;
  PERFORM 1 FROM cards_card WHERE id = ANY(cards) ORDER BY id FOR NO KEY UPDATE;
  DELETE FROM cards_carddocument WHERE card_id = ANY(cards);
  RETURN NULL;
END $$;

CREATE FUNCTION cards_document_realm_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM cards_card WHERE realm_id IN (OLD.id, NEW.id) ORDER BY id FOR NO KEY UPDATE;
  DELETE FROM cards_carddocument USING cards_card
   WHERE cards_carddocument.card_id = cards_card.id AND cards_card.realm_id IN (OLD.id, NEW.id);
  RETURN NULL;
END $$;

CREATE TRIGGER cards_document_card_changed AFTER UPDATE OR DELETE ON cards_card
  FOR EACH ROW EXECUTE FUNCTION cards_document_card_changed();
CREATE TRIGGER cards_document_ability_changed AFTER INSERT OR UPDATE OR DELETE ON cards_ability
  FOR EACH ROW EXECUTE FUNCTION cards_document_ability_changed();
CREATE TRIGGER cards_document_realm_renamed AFTER UPDATE ON cards_realm
  FOR EACH ROW WHEN (OLD.slug IS DISTINCT FROM NEW.slug OR OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION cards_document_realm_renamed();
"""

POSTGRESQL_DROP = """
DROP TRIGGER IF EXISTS cards_document_card_changed ON cards_card;
DROP TRIGGER IF EXISTS cards_document_ability_changed ON cards_ability;
DROP TRIGGER IF EXISTS cards_document_realm_renamed ON cards_realm;
DROP FUNCTION IF EXISTS cards_document_card_changed();
DROP FUNCTION IF EXISTS cards_document_ability_changed();
DROP FUNCTION IF EXISTS cards_document_realm_renamed();
"""


def triggers_create(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        for sql in SQLITE_TRIGGERS.values():
            schema_editor.execute(sql)
    elif vendor == "postgresql":
        schema_editor.execute(POSTGRESQL_FUNCTIONS)
    else:
        raise NotImplementedError(f"stored card documents need triggers written for {vendor}")


def triggers_drop(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        for name in SQLITE_TRIGGERS:
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {name}")
    elif vendor == "postgresql":
        schema_editor.execute(POSTGRESQL_DROP)


class Migration(migrations.Migration):

    dependencies = [
        ('cards', '0003_ability_order_ties'),
    ]

    operations = [
        migrations.CreateModel(
            name='CardDocument',
            fields=[
                ('card', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True, related_name='stored_document', serialize=False, to='cards.card')),
                ('shape', models.CharField(max_length=64)),
                ('text', models.TextField()),
            ],
        ),
        migrations.RunPython(triggers_create, triggers_drop),
    ]
