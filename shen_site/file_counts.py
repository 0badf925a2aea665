"""Request counts in files, for the throttles when there is no Redis.

One file per counter and window; each request appends one byte to it, and the
file's size is the count. An append (``O_APPEND``) is atomic between processes on
a local file system, so workers sharing the folder never lose a count, and it
costs one small write. The file cache's increment instead reads the entry, then
writes a new file and renames it over the old one, which on ext4 waits for the
new file's data to reach the disk: measured, it cost more than the rest of a
cached catalogue answer.

Each window has a folder, named by its period and number
(``60s-30000000``); the first request that finds its window's folder missing makes
it and removes the folders of that period's earlier windows, so the counts of
past windows never pile up. Counters are named by a digest of their key, so any
key is a valid file name.
"""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path


class FileCounts:
    """Counters in files under ``directory`` (see the module)."""

    def __init__(self, directory: str | os.PathLike[str]) -> None:
        self.directory = Path(directory)

    def count(self, key: str, period: int, window: int) -> int:
        """Count one more under ``key`` in ``window`` (of ``period`` seconds); the count."""
        folder = self.directory / f"{period}s-{window}"
        path = folder / hashlib.sha256(key.encode()).hexdigest()[:32]
        try:
            descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        except FileNotFoundError:  # the window's first request anywhere
            folder.mkdir(parents=True, exist_ok=True)
            self._remove_windows_before(period, window)
            descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(descriptor, b".")
            # Every append so far, this one's and any other worker's: the count.
            return os.fstat(descriptor).st_size
        finally:
            os.close(descriptor)

    def _remove_windows_before(self, period: int, window: int) -> None:
        prefix = f"{period}s-"
        for entry in os.scandir(self.directory):
            number = entry.name.removeprefix(prefix)
            if entry.name.startswith(prefix) and number.isdecimal() and int(number) < window:
                # Another worker may be removing it too; whatever is left goes next time.
                shutil.rmtree(entry.path, ignore_errors=True)
