"""Engine tests are strict about choices: a scene left waiting inside an action fails."""

import pytest

from games.engine.scene import Scene


@pytest.fixture(autouse=True)
def no_unanswered_decisions():
    Scene.opened = []
    yield
    scenes, Scene.opened = Scene.opened, None
    problems = [problem for scene in scenes if (problem := scene.unanswered())]
    if problems:
        pytest.fail("; ".join(problems))
