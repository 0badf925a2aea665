"""Worker processes are asked to stop (SIGTERM) and killed, with their process group,
only when they will not stop in time."""

import signal
import subprocess
import sys

from shen_site.processes import stop_processes

# Says so once it ignores SIGTERM, so that the test's signal does not come before.
STUBBORN = (
    "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); "
    "print('ready', flush=True); time.sleep(60)"
)


def started(code: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", code], start_new_session=True, stdout=subprocess.PIPE, text=True
    )


def test_a_process_that_stops_when_asked_ends_by_its_sigterm():
    process = started("import time; time.sleep(60)")
    stop_processes([process], 10)
    assert process.returncode == -signal.SIGTERM


def test_a_process_that_ignores_sigterm_is_killed_after_its_time():
    process = started(STUBBORN)
    assert process.stdout.readline() == "ready\n"
    stop_processes([process], 0.5)
    assert process.returncode == -signal.SIGKILL


def test_a_process_already_ended_is_left_as_it_ended():
    process = started("pass")
    process.wait()
    stop_processes([process], 1)
    assert process.returncode == 0
