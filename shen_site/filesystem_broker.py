"""kombu's filesystem transport, with each message written whole before a worker can see it.

kombu creates a message's file under its final name and then writes it; a worker
polling the folder meanwhile takes the file while it is still empty, fails to decode
it and stops ("Unrecoverable error: JSONDecodeError"). A bot match queues a task at
every turn, so a worker of ``make run`` met it within minutes. Here a message is
written under a name no queue reads (``.part``) and renamed into place, which is
atomic on one filesystem: a worker sees the whole message or none of it.

Settings name this transport for the filesystem broker (``CELERY_BROKER_TRANSPORT``).
"""

from __future__ import annotations

import os
import uuid
from time import monotonic
from typing import Any

from kombu.exceptions import ChannelError
from kombu.transport import filesystem
from kombu.utils.encoding import str_to_bytes
from kombu.utils.json import dumps


class Channel(filesystem.Channel):
    def _put(self, queue: str, payload: Any, **kwargs: Any) -> None:
        """Put ``payload`` onto ``queue``: written aside, then renamed into the folder."""
        # kombu's own name, which orders messages by time and says their queue.
        name = f"{round(monotonic() * 1000)}_{uuid.uuid4()}.{queue}.msg"
        final = os.path.join(self.data_folder_out, name)
        # Not "<queue>.msg": no worker reads it until it is renamed.
        partial = f"{final}.part"
        try:
            with open(partial, "wb") as file:
                file.write(str_to_bytes(dumps(payload)))
            os.replace(partial, final)
        except OSError as error:
            raise ChannelError(f"Cannot add file {final!r} to directory") from error


class Transport(filesystem.Transport):
    Channel = Channel
