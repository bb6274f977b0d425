"""The self-test's failures: each is printed by name, and its trace goes to the log for whoever must mend it."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli import selftest


def test_selftest__a_failing_scene_leaves_its_trace_in_the_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               caplog: pytest.LogCaptureFixture) -> None:
    """A scene that raises is logged as a warning naming the scene, with the exception's trace."""
    import game.client.stage as stage

    def staged(app: object, name: str, **kwargs: object) -> None:
        raise RuntimeError("no table today")

    monkeypatch.setattr(selftest, "SCENES", ("table",))
    monkeypatch.setattr(stage, "stage_scene", staged)
    assert selftest._render_scenes(tmp_path) == ["scene 'table': RuntimeError: no table today"]
    (record,) = [r for r in caplog.records if r.name == "game.cli.selftest"]
    assert record.getMessage() == "self-test: scene 'table' could not be drawn"
    assert record.exc_info is not None and "no table today" in caplog.text
