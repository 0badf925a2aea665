"""Engine tests are strict about choices: a scene left waiting inside an action fails."""

import pytest

from games.engine.testing.scene import Scene


@pytest.fixture(autouse=True)
def no_unanswered_decisions(monkeypatch):
    """Every Scene a test opens is checked, after the test, for an unanswered decision."""
    opened: list[Scene] = []
    open_scene = Scene.__init__

    def recording_init(scene: Scene, state) -> None:
        open_scene(scene, state)
        opened.append(scene)

    monkeypatch.setattr(Scene, "__init__", recording_init)
    yield
    problems = [problem for scene in opened if (problem := scene.unanswered())]
    if problems:
        pytest.fail("; ".join(problems))
