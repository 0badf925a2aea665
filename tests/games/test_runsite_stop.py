"""``manage.py runsite`` stops its workers when it is killed, as when it is interrupted."""

import signal

import pytest

from games.management.commands.runsite import stop_on_sigterm


@pytest.fixture
def sigterm_kept():
    """The process's own SIGTERM handler, put back after the test."""
    kept = signal.getsignal(signal.SIGTERM)
    yield
    signal.signal(signal.SIGTERM, kept)


def test_sigterm_leaves_through_the_commands_finally_which_stops_the_workers(sigterm_kept):
    stop_on_sigterm()
    with pytest.raises(SystemExit) as leaving:
        signal.getsignal(signal.SIGTERM)(signal.SIGTERM, None)
    assert leaving.value.code == 128 + signal.SIGTERM
