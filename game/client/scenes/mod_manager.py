"""The mod manager: every mod found, with its version, kinds, status and problems; enable or disable one.

Enabling and disabling go through the mod system's own state file (``game.mods``); the change takes effect for
the next game.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.client import layout
from game.client.look import fit_text, mix, text
from game.client.scenes.base import Scene
from game.client.widgets import Button, draw_panel

ROW_H = 58


class ModManagerScene(Scene):
    overlay = True
    name = "mods"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.box = pygame.Rect(0, 0, 980, 620)
        self.box.center = (640, 352)
        self.selected = 0
        self.scroll = 0
        self.message = ""
        self.entries: list[Any] = []
        self.close = Button(pygame.Rect(self.box.right - 170, self.box.bottom - 62, 146, 44), "Done",
                            lambda: app.stack.remove(self), primary=True, key_hint="Esc")
        self.toggle = Button(pygame.Rect(self.box.right - 340, self.box.bottom - 62, 160, 44), "Disable",
                             self._toggle_selected, key_hint="Space")
        self.reload()

    def reload(self) -> None:
        catalog = None
        if self.app.folders is not None:
            try:
                from game.mods.catalog import build_catalog

                catalog = build_catalog(self.app.folders)
            except Exception as exc:  # show the problem instead of failing the scene
                self.message = f"mods could not be listed: {exc}"
        self.entries = list(catalog.entries) if catalog is not None else []
        if not self.entries and not self.message:
            self.message = "No mods found. Put mod folders or zips in your mods folder."
        self.selected = min(self.selected, max(0, len(self.entries) - 1))

    def _toggle_selected(self) -> None:
        if not self.entries:
            return
        entry = self.entries[self.selected]
        try:
            from game.mods import state as mod_state

            config = self.app.folders.config
            current = mod_state.load_state(config)
            if entry.enabled:
                current.disabled.add(entry.id)
            else:
                current.disabled.discard(entry.id)
            mod_state.save_state(config, current)
            self.message = f"{entry.id} {'disabled' if entry.enabled else 'enabled'}; it applies to the next game"
        except Exception as exc:  # the state file is the mod system's; report instead of guessing
            self.message = f"could not change {entry.id}: {exc}"
        self.reload()

    def handle(self, event: pygame.Event) -> None:
        for b in (self.close, self.toggle):
            if b.handle(event):
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i in range(len(self.entries)):
                if self._row(i).collidepoint(event.pos):
                    self.selected = i
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(max(0, len(self.entries) - 7), self.scroll - event.y))
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.stack.remove(self)
            elif event.key == pygame.K_UP:
                self.selected = max(0, self.selected - 1)
            elif event.key == pygame.K_DOWN:
                self.selected = min(len(self.entries) - 1, self.selected + 1)
            elif event.key == pygame.K_SPACE:
                self._toggle_selected()
            self.scroll = min(self.scroll, self.selected)
            if self.selected >= self.scroll + 7:
                self.scroll = self.selected - 6

    def _row(self, i: int) -> pygame.Rect:
        return pygame.Rect(self.box.left + 24, self.box.top + 66 + (i - self.scroll) * ROW_H, self.box.width - 48,
                           ROW_H - 6)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        palette = self.app.palette
        shade = pygame.Surface(layout.LOGICAL, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 130))
        surface.blit(shade, (0, 0))
        draw_panel(surface, self.box, palette, title="Mods")
        for i, entry in enumerate(self.entries[self.scroll:self.scroll + 7], start=self.scroll):
            row = self._row(i)
            selected = i == self.selected
            pygame.draw.rect(surface, mix(palette.accent, palette.panel, 0.55) if selected else palette.panel_shade,
                             row, border_radius=8)
            manifest = entry.manifest
            name = getattr(manifest, "name", entry.id) if manifest else entry.id
            version = getattr(manifest, "version", "?") if manifest else "?"
            kinds = ", ".join(str(k) for k in getattr(manifest, "kinds", []) or []) if manifest else ""
            text(surface, fit_text(f"{name}", 420, 18, "bold"), (row.left + 14, row.top + 6), 18, palette.text_dark,
                 "bold")
            text(surface, f"{entry.id} {version} · {kinds} · {entry.origin}", (row.left + 14, row.top + 30), 13,
                 palette.compass_dark)
            status = entry.status
            colour = {"loaded": (40, 130, 70), "disabled": palette.disabled}.get(status, palette.east_stake)
            badge = pygame.Rect(row.right - 120, row.top + 12, 104, 28)
            pygame.draw.rect(surface, colour, badge, border_radius=14)
            text(surface, status, badge.center, 14, (255, 255, 255), "bold", "center")
            if entry.problems:
                text(surface, fit_text(str(entry.problems[0]), 380, 13), (row.right - 520, row.top + 30), 13,
                     palette.east_stake)
        if self.entries:
            self.toggle.label = "Disable" if self.entries[self.selected].enabled else "Enable"
            self.toggle.draw(surface, palette)
        if self.message:
            text(surface, fit_text(self.message, 560, 14), (self.box.left + 30, self.box.bottom - 40), 14,
                 palette.text_dark, "sans", "midleft")
        self.close.draw(surface, palette)
