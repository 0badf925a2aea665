"""Stopping the worker processes a command started: asked first, killed when they will not.

``runsite`` stops its Celery workers this way, and so do the tests and benchmarks that
start workers of their own. SIGTERM is a Celery worker's warm shutdown: it finishes its
tasks and stops its pool. A process that has not stopped in time is killed, with its
whole process group when it leads one (started with ``start_new_session``), so that no
pool process is left playing on.
"""

from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Iterable


def stop_processes(processes: Iterable[subprocess.Popen], seconds: float) -> None:
    """Ask every process to stop, then wait up to ``seconds`` for each and kill the rest."""
    processes = list(processes)
    for process in processes:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
    for process in processes:
        try:
            process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            _kill(process)
            process.wait()


def _kill(process: subprocess.Popen) -> None:
    try:
        leads_a_group = os.getpgid(process.pid) == process.pid
    except ProcessLookupError:
        return
    if leads_a_group:
        os.killpg(process.pid, signal.SIGKILL)
    else:
        process.kill()
