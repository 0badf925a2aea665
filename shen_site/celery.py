"""The Celery app: configured from Django settings (CELERY_* names)."""

import os
from pathlib import Path

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "shen_site.settings")

app = Celery("shen_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# The filesystem broker's folders (settings name them) must exist before the first message.
BROKER_FOLDERS = ("data_folder_in", "data_folder_out", "control_folder", "processed_folder")


@app.on_after_configure.connect
def broker_folders_create(sender: Celery, **kwargs) -> None:
    """Make the filesystem broker's folders, when that is the broker."""
    if not str(sender.conf.broker_url).startswith("filesystem:"):
        return
    options = sender.conf.broker_transport_options or {}
    for name in BROKER_FOLDERS:
        if options.get(name):
            Path(options[name]).mkdir(parents=True, exist_ok=True)
