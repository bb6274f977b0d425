"""argparse's own words ("usage:", "options", "error:", its complaints about the arguments) in Sparrow's catalogs.

argparse looks its words up with ``gettext.gettext`` in the process-wide default domain, which Sparrow leaves
alone (an embedding program may use it). Instead its two look-up functions are pointed at :mod:`game.i18n`'s,
and the messages it asks for are marked here, exactly as argparse writes them (Python 3.11 to 3.13), so
extraction puts them in ``sparrow.pot``. A message a later Python words differently is shown in English.
"""

from __future__ import annotations

import argparse

from game import i18n
from game.i18n import N_

MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
)
PLURAL_MESSAGES = (i18n.ngettext_noop("expected %s argument", "expected %s arguments"),)


def speak_sparrows_language() -> None:
    """Make argparse ask :mod:`game.i18n` for its words (the active language's, at the time it asks)."""
    argparse._ = i18n._  # type: ignore[attr-defined]  # argparse's module-level gettext alias
    argparse.ngettext = i18n.ngettext  # type: ignore[attr-defined]  # the same for its plural messages
