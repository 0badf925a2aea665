"""The filesystem broker shows a worker each message whole or not at all (kombu's own
transport let a worker take a file still being written, and the worker stopped)."""

import os
from queue import Empty

import pytest
from kombu import Connection

from shen_site import filesystem_broker


@pytest.fixture
def channel(tmp_path):
    folder = str(tmp_path)
    connection = Connection(
        "filesystem://localhost//",
        transport=filesystem_broker.Transport,
        transport_options={"data_folder_in": folder, "data_folder_out": folder},
    )
    yield connection.default_channel
    connection.release()


def test_a_message_is_seen_by_a_worker_only_once_written_whole(channel, monkeypatch):
    seen_while_written = []
    rename = os.replace

    def replace(source, target):
        # The moment before the message takes its name: a worker finds nothing to take.
        with pytest.raises(Empty):
            channel._get("bots")
        seen_while_written.append(os.path.getsize(source))
        rename(source, target)

    monkeypatch.setattr(filesystem_broker.os, "replace", replace)
    channel._put("bots", {"body": "the bot's turn", "headers": {}})
    assert seen_while_written and seen_while_written[0] > 0
    assert channel._get("bots") == {"body": "the bot's turn", "headers": {}}
    with pytest.raises(Empty):
        channel._get("bots")


def test_a_message_goes_to_its_own_queue_only(channel):
    channel._put("celery", {"body": "a chunk"})
    channel._put("celery-bots", {"body": "a bot's turn"})
    assert channel._get("celery-bots") == {"body": "a bot's turn"}
    assert channel._get("celery") == {"body": "a chunk"}
