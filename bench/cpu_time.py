"""CPU time, the benches' clock: this process's, and where another process's wall clock went.

Rates are per second of this process's CPU time (`process_seconds`), on one core when
a target is stated for one (`one_core`): what other programs on a shared machine do
then weighs on the code measured and on its reference alike, where wall-clock figures
swing several-fold with the load.

For a process the bench started (a Celery worker), ``/proc/PID/task/TID/schedstat``
holds, per thread, the nanoseconds it ran on a CPU and the nanoseconds it was runnable
but waited for one (another program had it). What is left of the wall clock the process
slept: it had nothing to do (no work handed to it yet, a lock, the broker's poll). On a
shared machine this tells "the design serialises" (sleeping) from "the machine is busy"
(waiting for a CPU).
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

# Seconds of CPU this process has used (all its threads).
process_seconds = time.process_time


def one_core() -> None:
    """Run this process on one core from now on, as the engine's targets are stated: no
    help from a second CPU (where the system lets a process choose)."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


PROC = Path("/proc")


@dataclass(frozen=True)
class CpuTime:
    """Seconds a process (all its threads) ran on a CPU and waited for one."""

    on_cpu: float = 0.0
    waiting: float = 0.0

    def __sub__(self, other: CpuTime) -> CpuTime:
        return CpuTime(self.on_cpu - other.on_cpu, self.waiting - other.waiting)

    def __add__(self, other: CpuTime) -> CpuTime:
        return CpuTime(self.on_cpu + other.on_cpu, self.waiting + other.waiting)


def cpu_time(pid: int) -> CpuTime:
    """The process's time so far, summed over its live threads (zero once it is gone)."""
    total = CpuTime()
    try:
        threads = list((PROC / str(pid) / "task").iterdir())
    except FileNotFoundError:
        return total
    for thread in threads:
        try:
            fields = (thread / "schedstat").read_text().split()
        except (FileNotFoundError, ProcessLookupError):
            continue  # the thread ended meanwhile
        total += CpuTime(int(fields[0]) / 1e9, int(fields[1]) / 1e9)
    return total


def children(pid: int) -> list[int]:
    """The process's child processes (a Celery worker's pool processes)."""
    found = []
    for thread in (PROC / str(pid) / "task").iterdir():
        found += [int(child) for child in (thread / "children").read_text().split()]
    return sorted(found)


def available() -> bool:
    """Whether this kernel keeps the statistics (Linux)."""
    return (PROC / str(os.getpid()) / "schedstat").exists()
