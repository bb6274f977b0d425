"""A picture as a tile set (P-36, P-157…P-161): a picture dropped on the window, or named here, is checked and
shown cut into tiles as the game will draw them; "Use as tile set" installs it as a tile-set mod of the player's
own (``game.mods.picture_tiles``) and plays with it at once. The original's External set and Open Tile Set.

A picture that is not the 9×5 grid (324×230 pixels, or 2 or 3 times that) is refused with a message naming the
grid. Before a picture is given, the box shows the grid as the tile set in use fills it, as a guide.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pygame

from game.client import layout
from game.client.look import mix, text, wrap
from game.client.render.sprites import PICTURE_ERRORS
from game.client.scenes.base import Scene
from game.client.widgets import Button, TextField, caret_wake, draw_panel
from game.errors import ModError, SparrowError
from game.i18n import N_, _

log = logging.getLogger(__name__)

BOX = pygame.Rect(0, 0, 1000, 650)
BOX.center = (640, 356)
PREVIEW = pygame.Rect(BOX.left + 28, BOX.top + 300, BOX.width - 56, BOX.height - 380)
"""Where the picture cut into tiles (or the guide) is shown."""
GUIDE = (N_("A tile set is one picture of 9 × 5 tiles of 36 × 46 pixels: 324 × 230 in all, or 648 × 460 or 972 × 690 "
         "for sharper tiles (PNG, JPEG, GIF or BMP). Rows from the top: Bamboo 1–9; Characters 1–9; Dots 1–9; the "
         "winds East, South, West, North, the Red, Green and White dragons, a spare cell and the joker; the "
         "flowers 1–4, the seasons 1–4 and the back of the tiles. The game draws the edges and rounded corners."))


class TilePictureScene(Scene):
    overlay = True
    name = "tile_picture"
    still = True

    def __init__(self, context, path: str = "") -> None:
        super().__init__(context)
        self.path = ""
        """The picture on show ("" before one is given)."""
        self.preview: pygame.Surface | None = None
        self.message = ""
        self.error = False
        self.installed = ""
        """The id of the tile set made here ("" until Use)."""
        self.field = TextField(pygame.Rect(BOX.left + 28, BOX.top + 180, 640, 42), "", _("Picture file:"),
                               max_length=400, focused=not path)
        self.show_button = Button(pygame.Rect(BOX.left + 680, BOX.top + 179, 120, 44), _("Show"), self._show_typed,
                                  size=16)
        use_width = max(220, Button.width_for(_("Use as tile set"), 18))  # 'Utiliser comme jeu de tuiles'
        self.use = Button(pygame.Rect(BOX.right - 186 - use_width, BOX.bottom - 64, use_width, 44),
                          _("Use as tile set"), self.use_it, primary=True, key_hint=_("Enter"), enabled=False)
        self.cancel = Button(pygame.Rect(BOX.right - 170, BOX.bottom - 64, 146, 44), _("Cancel"), self.close,
                             key_hint=_("Esc"))
        self.guide = self._guide()
        if path:
            self.show(path)

    def enter(self) -> None:
        if self.field.focused and not self.context.headless:
            pygame.key.start_text_input()

    def exit(self) -> None:
        if not self.context.headless:
            pygame.key.stop_text_input()

    def close(self) -> None:
        self.context.close(self)

    # -- the picture ------------------------------------------------------------------------------------------

    def _guide(self) -> pygame.Surface | None:
        """The grid as the tile set in use fills it."""
        sheet = self.context.sprites.sheet
        try:
            return self._fit(sheet.preview(40)) if sheet is not None else None
        except PICTURE_ERRORS as exc:  # no guide picture: the words still say it
            log.warning("no guide picture: %s", exc)
            return None

    @staticmethod
    def _fit(image: pygame.Surface) -> pygame.Surface:
        scale = min(1.0, PREVIEW.width / image.get_width(), (PREVIEW.height - 30) / image.get_height())
        return pygame.transform.smoothscale_by(image, scale) if scale < 1 else image

    def _show_typed(self) -> None:
        typed = self.field.value.strip().strip('"')
        if not typed:
            self.field.focused = True
            self._say(_("type the path of a picture of the tile grid, or drop the picture on the window"), True)
            return
        self.show(typed)

    def dropped(self, path: str) -> None:
        """A picture dropped on the window while the box is open."""
        self.show(path)

    def show(self, path: str) -> None:
        """Check the picture at ``path`` and show it cut into tiles, or say why it cannot be a tile set."""
        from game.client.render.tilesheet import TileSheet  # the sheet loader and the mods layer only once asked
        from game.mods.picture_tiles import check_picture

        self.field.value, self.field.focused = path, False
        self.path, self.preview, self.installed = "", None, ""
        self.use.enabled, self.cancel.label = False, _("Cancel")
        name = Path(path).name
        try:
            check_picture(path)
            image = TileSheet.load(path).preview(40)
        except ModError as exc:
            self._say(_('{name} cannot be a tile set: {message}').format(
                    name=name, message=exc.problems[0].message), True)
            return
        except PICTURE_ERRORS as exc:  # a picture whose header is sound but whose pixels are not
            self._say(_('{name} cannot be a tile set: {exc}').format(name=name, exc=exc), True)
            return
        self.path, self.preview = path, self._fit(image)
        self.use.enabled = True
        self._say(_('{name}, cut into tiles as the game will draw them. Use it as your tile set?').format(name=name))

    def use_it(self) -> None:
        """Install the picture as a tile-set mod and play with it from now on."""
        from game.mods.picture_tiles import install_picture  # the installer only once asked

        folders = self.context.folders
        if not self.path or folders is None:
            return
        try:
            done = install_picture(self.path, folders)
        except ModError as exc:
            self._say(_('not installed: {value}').format(value=exc.problems[0].message if exc.problems else exc), True)
            return
        except (SparrowError, OSError) as exc:  # the mods folder cannot be written: nothing is lost, say why
            self._say(_('not installed: {exc}').format(exc=exc), True)
            return
        context = self.context
        context.settings.tileset = done.mod_id
        context.reload_mods(tileset=done.mod_id)
        context.save_settings()
        record = context.resources.tileset_record
        if record is None or record.id != done.mod_id:  # installed, but it does not load: the notice says why
            notices = context.resources.notices
            self._say(notices[-1] if notices else _('{mod_id} was installed but cannot be used').format(
                    mod_id=done.mod_id), True)
            return
        self.installed = done.mod_id
        self.use.enabled, self.cancel.label = False, _("Done")
        replaced = _(" (replacing the one made before)") if done.replaced else ""
        self._say(_('{name} is your tile set now{replaced}. Settings ▸ Look lists it with '
                    'the others; the Mods box removes it.').format(name=record.name, replaced=replaced))

    def _say(self, message: str, error: bool = False) -> None:
        self.message, self.error = message, error

    # -- input ------------------------------------------------------------------------------------------------

    def handle(self, event: pygame.Event) -> None:
        if event.type == pygame.DROPFILE:
            self.dropped(event.file)
            return
        for button in (self.use, self.cancel, self.show_button):
            if button.handle(event):
                return
        if self.field.handle(event):
            if self.field.focused and not self.context.headless:
                pygame.key.start_text_input()
            return
        if event.type != pygame.KEYDOWN:
            return
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.field.focused:
                self._show_typed()
            elif self.use.enabled:
                self.use_it()
            else:
                self.close()
        elif event.key == pygame.K_ESCAPE:
            if self.field.focused and self.path:
                self.field.focused = False
            else:
                self.close()

    # -- drawing ----------------------------------------------------------------------------------------------

    def wake_in(self) -> float | None:
        return caret_wake([self.field])

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        palette = self.context.palette
        shade = pygame.Surface(layout.LOGICAL, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 130))
        surface.blit(shade, (0, 0))
        draw_panel(surface, BOX, palette, title=_("A Picture as a Tile Set"))
        for i, line in enumerate(wrap(_(GUIDE), BOX.width - 56, 15)[:4]):
            text(surface, line, (BOX.left + 28, BOX.top + 58 + i * 20), 15, palette.text_dark)
        self.field.draw(surface, palette)
        if not self.field.value and not self.field.focused:
            text(surface, _("drop a picture on the window, or type its path"), (self.field.rect.left + 12,
                 self.field.rect.centery), 15, palette.disabled, "sans", "midleft")
        self.show_button.draw(surface, palette)
        if self.message:
            colour = palette.east_stake if self.error else palette.text_dark
            for i, line in enumerate(wrap(self.message, BOX.width - 56, 15, "bold")[:3]):
                text(surface, line, (BOX.left + 28, BOX.top + 240 + i * 20), 15, colour, "bold", "midleft")
        image = self.preview if self.preview is not None else self.guide
        if image is not None:
            at = image.get_rect(midtop=(PREVIEW.centerx, PREVIEW.top + 8))
            pygame.draw.rect(surface, mix(palette.panel_shade, palette.panel_edge, 0.15), at.inflate(16, 16),
                             border_radius=10)
            surface.blit(image, at)
            if self.preview is None:
                text(surface, _("The grid as the tile set in use fills it"), (PREVIEW.centerx, at.bottom + 14), 14,
                     palette.compass_dark, "sans", "midtop")
        for button in (self.use, self.cancel):
            button.draw(surface, palette)
