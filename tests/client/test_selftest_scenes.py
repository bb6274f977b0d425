"""The self-test draws every scene the client has, and names a scene that fails instead of stopping."""

from __future__ import annotations

from game.cli import screenshot, selftest


def test_selftest__covers_every_scene_of_the_screenshot_command() -> None:
    assert selftest.SCENES == screenshot.SCENES
    assert {"title", "table", "wall", "scores", "settings", "mods", "rules", "help"} <= set(selftest.SCENES)


def test_selftest__a_failing_scene_is_named_and_the_others_are_drawn(tmp_path, monkeypatch) -> None:
    import game.client.stage as stage

    real = stage.stage_scene

    def staged(app, name, **kwargs):
        if name == "help":
            raise RuntimeError("no help text")
        return real(app, name, **kwargs)

    monkeypatch.setattr(selftest, "SCENES", ("title", "help", "settings"))
    monkeypatch.setattr(stage, "stage_scene", staged)
    failures = selftest._render_scenes(tmp_path)
    assert failures == ["scene 'help': RuntimeError: no help text"]
    assert (tmp_path / "title.bmp").stat().st_size > 1000
    assert (tmp_path / "settings.bmp").stat().st_size > 1000
