"""The scene stack: queued changes, lifecycle hooks, overlays drawn over the scene below."""

from __future__ import annotations

import pygame

from game.client.scenes.base import Scene, SceneStack


class Recorder(Scene):
    def __init__(self, name: str, log: list[str], overlay: bool = False) -> None:
        super().__init__(context=None)
        self.label, self.log, self.overlay = name, log, overlay

    def enter(self) -> None:
        self.log.append(f"enter {self.label}")

    def exit(self) -> None:
        self.log.append(f"exit {self.label}")

    def pause(self) -> None:
        self.log.append(f"pause {self.label}")

    def resume(self) -> None:
        self.log.append(f"resume {self.label}")

    def handle(self, event: pygame.Event) -> None:
        self.log.append(f"event {self.label}")

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.log.append(f"draw {self.label}")


def test_stack__changes_wait_until_applied() -> None:
    """A push is queued: the old top keeps getting events until the stack applies its changes."""
    log: list[str] = []
    stack = SceneStack()
    stack.push(Recorder("table", log))
    stack.apply_pending()
    stack.push(Recorder("scores", log, overlay=True))
    stack.handle(pygame.Event(pygame.KEYDOWN, key=pygame.K_a))
    assert log[-1] == "event table"
    stack.apply_pending()
    stack.handle(pygame.Event(pygame.KEYDOWN, key=pygame.K_a))
    assert log[-1] == "event scores"


def test_stack__lifecycle_hooks_run_in_order() -> None:
    """Pushing pauses the scene below; popping exits the top and resumes the one below."""
    log: list[str] = []
    stack = SceneStack()
    stack.push(Recorder("title", log))
    stack.push(Recorder("help", log))
    stack.pop()
    stack.apply_pending()
    assert log == ["enter title", "pause title", "enter help", "exit help", "resume title"]


def test_stack__overlay_draws_scene_below_first() -> None:
    """An overlay is drawn over the scene below it; an opaque scene hides everything under it."""
    log: list[str] = []
    stack = SceneStack()
    for scene in (Recorder("title", log), Recorder("table", log), Recorder("wall", log, overlay=True)):
        stack.push(scene)
    stack.apply_pending()
    log.clear()
    stack.draw(pygame.Surface((10, 10)), 1.0)
    assert log == ["draw table", "draw wall"]


def test_stack__clear_to_leaves_only_the_new_scene() -> None:
    """clear_to removes every scene (each exits) and starts again from the given one."""
    log: list[str] = []
    stack = SceneStack()
    stack.push(Recorder("a", log))
    stack.push(Recorder("b", log))
    stack.apply_pending()
    stack.clear_to(Recorder("c", log))
    stack.apply_pending()
    assert len(stack) == 1 and stack.top.label == "c"
    assert "exit a" in log and "exit b" in log


def test_stack__remove_takes_out_a_covered_scene() -> None:
    """A box that closes itself while another scene is above it leaves the stack without disturbing the top."""
    log: list[str] = []
    stack = SceneStack()
    base, box, top = Recorder("table", log), Recorder("scores", log, True), Recorder("help", log, True)
    for scene in (base, box, top):
        stack.push(scene)
    stack.apply_pending()
    stack.remove(box)
    stack.apply_pending()
    assert stack.scenes == [base, top]
