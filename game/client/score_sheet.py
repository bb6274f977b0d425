"""The score sheet of a game (F-28, S-19): every hand played, with its round, East, winner and special hand and
what each player won or lost, and the scores at the end, as Game Finished shows it. Saved as a picture (PNG), as
plain text (the original's "Print as Ascii file") and as CSV for a spreadsheet, side by side in the score sheets
folder, named after the saved game (or the time when the game was never saved).
"""

from __future__ import annotations

import csv
import io
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game.client.look import Palette, fit_text, mix, text
from game.client.messages import special_name
from game.i18n import N_, _, format_list, format_number, format_signed, ngettext
from game.storage import write_atomic

WINDS = (N_("East"), N_("South"), N_("West"), N_("North"))
COLUMNS = (N_("Hand"), N_("Round"), N_("East"), N_("Winner"), N_("Special hand"))
SUFFIXES = (".png", ".txt", ".csv")
ROW = 26
WIDTH = 1000


@dataclass(frozen=True)
class SheetRow:
    """One hand on the sheet."""

    hand: int
    round_wind: str
    east: int
    winner: int | None
    special: str
    deltas: tuple[int, ...]
    """Each playing seat's change (three in a three-handed game: the empty seat has no column)."""

    def cells(self, names: list[str], plain: bool = False) -> list[str]:
        """The row in words: hand, round, East, winner, special hand, then each player's change (grouped the
        language's way, or ``plain`` digits for a spreadsheet to read)."""
        winner = names[self.winner] if self.winner is not None else _("no winner")
        return [str(self.hand), self.round_wind, names[self.east], winner, self.special,
                *((f"{d:+d}" if d else "0") if plain else format_signed(d) for d in self.deltas)]


def rows(session: Any) -> list[SheetRow]:
    """Every finished hand of ``session``'s game, first to last."""
    out = []
    for record in session.match.history:
        special = special_name(session.ruleset, record.special_hand)
        if not getattr(record, "settled", True):
            special = (special + " · " if special else "") + _("not settled")
        out.append(SheetRow(record.hand_number, _(WINDS[record.round_wind % 4]), record.east, record.winner, special,
                            tuple(record.deltas[seat] for seat in session.match.seats)))
    return out


def _table(session: Any, plain: bool = False) -> tuple[list[str], list[list[str]], list[str]]:
    names = list(session.names)
    seats = session.match.seats
    header = [*(_(title) for title in COLUMNS), *(names[seat] for seat in seats)]
    body = [row.cells(names, plain) for row in rows(session)]
    total = str if plain else format_number
    footer = ["", "", "", "", _("Final score"), *(total(session.match.totals[seat]) for seat in seats)]
    return header, body, footer


def as_text(session: Any, title: str) -> str:
    """The sheet as plain text in aligned columns (the players' columns right-aligned)."""
    header, body, footer = _table(session)
    lines = [header, *body, footer]
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    fixed = len(COLUMNS)

    def line(cells: list[str]) -> str:
        parts = [cell.ljust(w) if i < fixed else cell.rjust(w) for i, (cell, w) in enumerate(zip(cells, widths,
                                                                                                 strict=True))]
        return "  ".join(parts).rstrip()

    rule = "-" * len(line(header))
    return "\n".join([title, "", line(header), rule, *(line(r) for r in body), rule, line(footer), ""])


def as_csv(session: Any) -> str:
    """The sheet as CSV: a header row, a row per hand (each player's change), and the final scores; the numbers
    in plain digits, which a spreadsheet reads as numbers in any language."""
    header, body, footer = _table(session, plain=True)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerows([header, *body, footer])
    return buffer.getvalue()


def as_picture(session: Any, title: str, palette: Palette) -> pygame.Surface:
    """The sheet as a picture: the title, the table with a row per hand, and the final scores."""
    header, body, footer = _table(session)
    widths = [64, 84, 136, 136, 230]
    players = len(header) - len(widths)
    rest = (WIDTH - 48 - sum(widths)) // players
    widths += [rest] * players
    height = 72 + ROW * (len(body) + 2) + 24
    surface = pygame.Surface((WIDTH, height))
    surface.fill(palette.panel)
    text(surface, fit_text(title, WIDTH - 48, 24, "serif_bold"), (24, 22), 24, palette.text_dark, "serif_bold")
    dark, dim = palette.text_dark, mix(palette.text_dark, palette.panel, 0.5)

    def cells(y: int, values: list[str], colours: list[Any], face: str = "sans") -> None:
        x = 24
        for i, (value, width, colour) in enumerate(zip(values, widths, colours, strict=True)):
            shown = fit_text(value, width - 16, 15, face)
            if i >= len(COLUMNS):
                text(surface, shown, (x + width - 12, y), 15, colour, face, "topright")
            else:
                text(surface, shown, (x + 8, y), 15, colour, face)
            x += width

    y = 72
    pygame.draw.rect(surface, palette.panel_edge, (24, y, WIDTH - 48, ROW), border_top_left_radius=6,
                     border_top_right_radius=6)
    cells(y + 5, header, [palette.button_text] * len(header), "bold")
    for i, (row, values) in enumerate(zip(rows(session), body, strict=True)):
        y += ROW
        if i % 2 == 0:
            pygame.draw.rect(surface, palette.panel_shade, (24, y, WIDTH - 48, ROW))
        colours = [dark, dark, dark, dark if row.winner is not None else dim, palette.accent_dark,
                   *(palette.east_stake if d < 0 else dark if d else dim for d in row.deltas)]
        cells(y + 5, values, colours)
    y += ROW
    pygame.draw.rect(surface, mix(palette.accent, palette.panel, 0.6), (24, y, WIDTH - 48, ROW),
                     border_bottom_left_radius=6, border_bottom_right_radius=6)
    totals = [session.match.totals[seat] for seat in session.match.seats]
    cells(y + 5, footer, [dark] * 5 + [palette.east_stake if t < 0 else dark for t in totals], "bold")
    return surface


def sheet_title(session: Any) -> str:
    hands = len(session.match.history)
    name = session.save_name or _("Sparrow Mah Jongg")
    return ngettext("{name}: score sheet after {hands} hand", "{name}: score sheet after {hands} hands",
                    hands).format(name=name, hands=hands)


def save_sheet(session: Any, folder: Path, palette: Palette, now: float | None = None) -> list[Path]:
    """Write the sheet as PNG, text and CSV into ``folder`` (atomically; a sheet of the same name is replaced);
    returns the files written. :class:`~game.errors.WriteError` says what could not be written."""
    from game.saves import file_stem

    stem = file_stem(session.save_name) if session.save_name else \
        time.strftime("Sparrow %Y-%m-%d %H.%M", time.localtime(now))
    title = sheet_title(session)
    png = io.BytesIO()
    pygame.image.save(as_picture(session, title, palette), png, "sheet.png")
    paths = [folder / f"{stem}{suffix}" for suffix in SUFFIXES]
    contents: tuple[bytes | str, ...] = (png.getvalue(), as_text(session, title), as_csv(session))
    for path, data in zip(paths, contents, strict=True):
        write_atomic(path, data, _('the score sheet {name}').format(name=path.name))
    return paths


def save_for(context: Any, session: Any) -> tuple[str, bool]:
    """Save Score Sheet in a scene: the sheet of ``session`` in the score sheets folder; returns what to tell the
    player and whether it is an error."""
    folders = context.folders
    if folders is None:
        return _("there is no config folder to save the score sheet in"), True
    try:
        paths = save_sheet(session, folders.score_sheets, context.palette)
    except OSError as exc:  # a WriteError says what was not saved and why
        return str(exc), True
    return _('Saved {name} (and {join}) in {parent}').format(
            name=paths[0].name, join=format_list((p.suffix for p in paths[1:]), "plain"), parent=paths[0].parent), False
