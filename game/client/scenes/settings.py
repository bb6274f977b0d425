"""Settings: the original's General Setup and Tile Movements boxes as one page (names, wait time, timer bar,
speech balloons, Ask First, QuickTip, dealing, animation speed), plus the ruleset, tile set and theme.

Changes apply at once to the game in progress and are written to the settings file on close.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.client import layout
from game.client.look import text
from game.client.scenes.base import Scene
from game.client.widgets import Button, Slider, Toggle, draw_panel

OPTION_KEYS = {"wait_time", "discard_delay", "ask_first", "quick_tip", "timer_bar", "animation_speed"}


class SettingsScene(Scene):
    overlay = True
    name = "settings"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.values: dict[str, Any] = {
            "wait_time": float(app.setting("wait_time", 2.5)),
            "discard_delay": float(app.setting("discard_delay", 0.9)),
            "animation_speed": float(app.setting("animation_speed", 1.0)),
            "ask_first": bool(app.setting("ask_first", True)),
            "quick_tip": bool(app.setting("quick_tip", False)),
            "timer_bar": bool(app.setting("timer_bar", True)),
            "speech_balloons": bool(app.setting("speech_balloons", True)),
            "show_dealing": bool(app.setting("show_dealing", True)),
            "sound": bool(app.setting("sound", True)),
            "ruleset": str(app.setting("ruleset", "classic")),
        }
        self.rulesets = self._rulesets()
        self.box = pygame.Rect(0, 0, 900, 600)
        self.box.center = (640, 352)
        left = pygame.Rect(self.box.left + 28, self.box.top + 70, 420, 40)
        right = pygame.Rect(self.box.centerx + 12, self.box.top + 70, 420, 40)
        self.widgets: list[Any] = [
            self._slider(left, 0, "Wait time", "wait_time", 0, 10, 0.25, "{:.2f} s"),
            self._slider(left, 1, "Computer pause", "discard_delay", 0, 3, 0.1, "{:.1f} s"),
            self._slider(left, 2, "Tile speed", "animation_speed", 0, 3, 0.25, "{:.2f}×"),
            self._toggle(left, 4, "Ask First (F10)", "ask_first"),
            self._toggle(left, 5, "QuickTip (F8)", "quick_tip"),
            self._toggle(left, 6, "Timer bar (Ctrl+F3)", "timer_bar"),
            self._toggle(right, 0, "Speech balloons (F12)", "speech_balloons"),
            self._toggle(right, 1, "Show dealing", "show_dealing"),
            self._toggle(right, 2, "Sound", "sound"),
        ]
        self.ruleset_button = Button(pygame.Rect(right.left + 210, right.top + 4 * 48, 200, 40), self._ruleset_label(),
                                     self._next_ruleset, size=15)
        self.done = Button(pygame.Rect(self.box.right - 170, self.box.bottom - 62, 146, 44), "Done", self.close,
                           primary=True, key_hint="Esc")

    def _slider(self, column: pygame.Rect, row: int, label: str, key: str, low: float, high: float, step: float,
                fmt: str) -> Slider:
        return Slider(column.move(0, row * 48), label, lambda: self.values[key],
                      lambda v: self._set(key, v), low, high, step, fmt)

    def _toggle(self, column: pygame.Rect, row: int, label: str, key: str) -> Toggle:
        return Toggle(column.move(0, row * 48), label, lambda: self.values[key], lambda v: self._set(key, v))

    def _rulesets(self) -> list[str]:
        catalog = getattr(self.app, "catalog", None)
        try:
            found = [r.id for r in catalog.list("ruleset")] if catalog is not None else []
        except Exception:  # no catalog: only the current ruleset can be offered
            found = []
        return found or [self.values["ruleset"]]

    def _ruleset_label(self) -> str:
        return self.values["ruleset"]

    def _next_ruleset(self) -> None:
        current = self.values["ruleset"]
        index = self.rulesets.index(current) if current in self.rulesets else -1
        self.values["ruleset"] = self.rulesets[(index + 1) % len(self.rulesets)]
        self.ruleset_button.label = self._ruleset_label()

    def _set(self, key: str, value: Any) -> None:
        self.values[key] = value
        for scene in self.app.stack.scenes:
            session = getattr(scene, "session", None)
            if session is None:
                continue
            if key in OPTION_KEYS:
                setattr(session.options, key, value)
            elif key == "speech_balloons":
                session.options.balloons = value
            if key == "animation_speed" and hasattr(scene, "animator"):
                scene.animator.speed = value
            if key == "show_dealing" and hasattr(scene, "animator"):
                scene.animator.show_dealing = value

    def close(self) -> None:
        self.app.save_settings(**self.values)
        self.app.stack.remove(self)

    def handle(self, event: pygame.Event) -> None:
        for w in [*self.widgets, self.ruleset_button, self.done]:
            if w.handle(event):
                return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.close()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        palette = self.app.palette
        shade = pygame.Surface(layout.LOGICAL, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 130))
        surface.blit(shade, (0, 0))
        draw_panel(surface, self.box, palette, title="Settings")
        pygame.draw.line(surface, palette.panel_shade, (self.box.centerx, self.box.top + 70),
                         (self.box.centerx, self.box.bottom - 80), 2)
        for w in self.widgets:
            w.draw(surface, palette)
        rb = self.ruleset_button
        text(surface, "Ruleset (new games)", (self.box.centerx + 22, rb.rect.centery), 17, palette.text_dark,
             "sans", "midleft")
        rb.draw(surface, palette)
        text(surface, "Wait time is how long a discard waits for your claim; 0 speed plays without movements.",
             (self.box.left + 30, self.box.bottom - 40), 14, palette.text_dark, "sans", "midleft")
        self.done.draw(surface, palette)
