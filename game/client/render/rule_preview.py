"""The rules editor's preview drawn: the example hand, its score as the Scores box lists it, and its settlement.

What is drawn comes from :func:`game.mods.rules_preview.preview`; the line being edited is lit in the score.
"""

from __future__ import annotations

import pygame

from game.client.look import Palette, fit_text, mix, text, wrap
from game.client.messages import item_label
from game.client.render.pattern_tiles import draw_groups, fitting_size
from game.client.render.sprites import TileSprites
from game.core.ruleset import PaymentScheme
from game.i18n import N_, _, format_number, format_signed, mod_text
from game.mods.rules_preview import Preview

WINDS = (N_("East"), N_("South"), N_("West"), N_("North"))
PAY_WORDS = {
    PaymentScheme.EAST_DOUBLE_LOSERS_SETTLE: N_("East pays and receives double; the losers settle among themselves."),
    PaymentScheme.WINNER_ONLY: N_("East pays and receives double; the losers settle nothing."),
    PaymentScheme.DISCARDER_PAYS: N_("On a discard the discarder pays for all."),
    PaymentScheme.HONGKONG: N_("On a discard the discarder pays double, the others single."),
}
LINE = 18


def draw_preview(surface: pygame.Surface, area: pygame.Rect, preview: Preview, sprites: TileSprites,
                 palette: Palette, payment: PaymentScheme | None = None) -> None:
    """The whole preview inside ``area``."""
    x, y, width = area.left + 14, area.top + 10, area.width - 28
    text(surface, _("Preview"), (x, y), 18, palette.accent_dark, "serif_bold")
    y += 30
    example, result = preview.example, preview.result
    if example is not None:
        size = fitting_size(example.groups, width)
        drawn = draw_groups(surface, sprites, palette, example.groups, (x, y), size=size, exposed=example.exposed,
                            winning=example.context.winning_tile)
        y = drawn.bottom + 8
        seat = _(WINDS[preview.winner])
        caption = _("{seat}'s hand. {note}").format(seat=seat, note=preview.note) if preview.note else \
            _("{seat}'s hand.").format(seat=seat)
        for line in wrap(caption, width, 13)[:2]:
            text(surface, line, (x, y), 13, palette.compass_dark, "sans")
            y += 17
    else:
        for line in wrap(preview.note, width, 14)[:3]:
            text(surface, line, (x, y), 14, palette.compass_dark, "sans")
            y += 19
    if result is None or not result.mah_jongg:
        return
    y += 4
    y = _score(surface, x, y, width, preview, palette)
    if preview.settlement is not None:
        _settlement(surface, x, y + 6, width, area.bottom - 8, preview, palette, payment)


def _score(surface: pygame.Surface, x: int, y: int, width: int, preview: Preview, palette: Palette) -> int:
    result = preview.result
    assert result is not None
    if result.special_hand:
        text(surface, fit_text(_('Special hand: {special_hand}').format(
                special_hand=mod_text(result.special_hand)), width, 15, "bold"), (x, y), 15,
             palette.accent_dark, "bold")
        y += LINE + 2
    # As the Scores box lists them: the points, then the doubles (a line may give both).
    rows = [(format_number(i.points), item_label(i.name, i.tiles), i.id) for i in result.items if i.points]
    rows += [(_('{doubles} dbl').format(
            doubles=i.doubles), item_label(i.name, i.tiles), i.id) for i in result.items if i.doubles]
    for value, name, item_id in rows[:9]:
        row = pygame.Rect(x - 4, y - 1, width + 8, LINE)
        if item_id and item_id == preview.item_id:
            pygame.draw.rect(surface, mix(palette.highlight, palette.panel, 0.45), row, border_radius=4)
        text(surface, value, (x + 46, y), 14, palette.text_dark, "bold", "topright")
        text(surface, fit_text(name, width - 58, 14), (x + 56, y), 14, palette.text_dark, "sans")
        y += LINE
    if len(rows) > 9:
        text(surface, _('… {value} more lines').format(
                value=len(rows) - 9), (x + 52, y), 13, palette.compass_dark, "sans")
        y += LINE
    doubles = f" × {2 ** result.doubles}" if result.doubles else ""
    total = _('{points} points{doubles} = {score}').format(
            points=format_number(result.points), doubles=doubles, score=format_number(result.score))
    if result.limited:
        total = _("{total} (limit)").format(total=total)
    pygame.draw.line(surface, palette.panel_shade, (x, y + 2), (x + width, y + 2), 2)
    text(surface, fit_text(_('Score: {total}').format(
            total=total), width, 16, "bold"), (x, y + 6), 16, palette.text_dark, "bold")
    return y + 30


def _settlement(surface: pygame.Surface, x: int, y: int, width: int, bottom: int, preview: Preview,
                palette: Palette, payment: PaymentScheme | None) -> None:
    settlement = preview.settlement
    assert settlement is not None
    text(surface, _("Settlement"), (x, y), 16, palette.accent_dark, "serif_bold")
    y += 24
    if payment is not None and payment in PAY_WORDS:
        for line in wrap(_(PAY_WORDS[payment]), width, 13)[:2]:
            text(surface, line, (x, y), 13, palette.compass_dark, "sans")
            y += 17
        y += 2
    scores = {preview.winner: preview.result.score if preview.result is not None else 0}
    for k, loser in enumerate(preview.losers):
        scores[(preview.winner + 1 + k) % 4] = loser.score if loser is not None else 0
    for seat in range(4):
        role = (_("won, scoring {score}") if seat == preview.winner else _("discarded; scored {score}")
                if seat == preview.discarder else _("scored {score}")).format(score=format_number(scores.get(seat, 0)))
        delta = settlement.deltas[seat]
        text(surface, _(WINDS[seat]), (x, y), 14, palette.text_dark, "bold")
        text(surface, fit_text(role, width - 140, 14), (x + 56, y), 14,
             palette.text_dark, "sans")
        colour = palette.accent_dark if delta > 0 else palette.east_stake if delta < 0 else palette.text_dark
        text(surface, format_signed(delta), (x + width, y), 14, colour, "bold", "topright")
        y += LINE
    y += 6
    # Who pays whom, in two columns: the winner's three payments, then what the losers settle among themselves.
    rows = (len(settlement.payments) + 1) // 2
    for i, paid in enumerate(settlement.payments):
        column, row = divmod(i, rows)
        top = y + row * (LINE - 1)
        if top + LINE > bottom:
            continue
        words = _('{WINDS} pays {WINDS2} {amount}').format(
                WINDS=_(WINDS[paid.from_seat]), WINDS2=_(WINDS[paid.to_seat]), amount=format_number(paid.amount))
        text(surface, fit_text(words, width // 2 - 8, 14), (x + column * (width // 2), top), 14, palette.text_dark,
             "sans")
