from django.db import migrations, models

import games.seeds


class Migration(migrations.Migration):
    """Jobs stored so far derived 63-bit game seeds: they keep that width (so their games,
    figures and Watch replays stay as they were); new jobs derive seeds of the one range."""

    dependencies = [
        ("games", "0004_simulation_chunk_sent"),
    ]

    operations = [
        migrations.AddField(
            model_name="simulationjob",
            name="seed_bits",
            field=models.PositiveSmallIntegerField(default=games.seeds.LEGACY_SEED_BITS),
        ),
        migrations.AlterField(
            model_name="simulationjob",
            name="seed_bits",
            field=models.PositiveSmallIntegerField(default=games.seeds.SEED_BITS),
        ),
    ]
