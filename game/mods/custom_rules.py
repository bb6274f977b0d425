"""Custom ruleset presets: the player's own rules, kept as small user mods next to the installed ones.

A custom preset is the user mod ``custom-<slug>`` holding ``rulesets/<slug>.yaml``: ``extends: <base>`` plus
only the option values that differ from the base, so a later fix to the base reaches the preset too. Its
ruleset id is the mod id (``custom-<slug>``), which can never clash with a bundled ruleset's id.

An option is named by a key: a play option by its name (``flowers``), any other by its place in the ruleset
file with dots (``penalties.faulty_out``, ``rounding.stage``, ``scoring.no_simples.allowed``), and it is written
back at that place. A base offers only the options its files give (:func:`options_for`): a penalty a ruleset
never mentions is not offered for it, since its default would be a rule that ruleset does not have.

A few options need more than their own key in the file (:attr:`Option.follows`): the Four Winds program's "Bonus
& Double" list (:data:`BONUS_OR_DOUBLE`) is an option on ``scoring.<line>.doubles`` whose points go along
(``robbed_kong: {points: 0, doubles: 1}`` instead of 10 points), and a Valueless Hand on a one-chance or
self-drawn tile is ``scoring.valueless.when`` with the two 2-point lines that such a hand does not get.

Every write is staged in a hidden folder of the user mods folder, checked through the mod system exactly as an
install is (the ruleset is loaded with its parent), and only then renamed into place: a refused preset leaves
nothing behind and an existing one is replaced whole or not at all.

Renaming changes the display name only; the id stays, because saves, the statistics and the settings name a
ruleset by its id. A preset made from another custom preset extends that preset's own base, with both sets of
changes, so deleting one custom preset never breaks another. Bundled rulesets (and rulesets of mods the player
installed) are never changed or deleted here.
"""

from __future__ import annotations

import os
import re
import shutil
import unicodedata
import uuid
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

import yaml

from game.config import Folders
from game.datafile import load_yaml, write_atomic
from game.errors import DataFileError, ModError, Problem, message_of
from game.i18n import L_, N_, _, format_number
from game.mods.catalog import build_catalog
from game.mods.check import check_found
from game.mods.discovery import open_folder
from game.mods.install import remove
from game.mods.preset_text import preset_text
from game.mods.records import Catalog
from game.mods.rule_values import HAND_VALUES, LINE_VALUES, value_keys
from game.mods.rulesets import load_ruleset

PREFIX = "custom-"
NAME_LENGTH = 40
SLUG_LENGTH = 40


GROUPS = (N_("Play"), N_("Scoring"), N_("Payment & penalties"), N_("Hands"))
"""The pages of the Rules page, in order; every option belongs to one."""
BONUS_PART = N_("Bonus or double")
HAND_PARTS = (N_("Limit and special hands"), N_("Extra doubles"), BONUS_PART, N_("Bonus points"),
    N_("Points for sets and flowers"))
"""The headings of the Hands page: special hands, then the scoring lines by what they pay; the lines that may pay
one way or another (:data:`BONUS_OR_DOUBLE`) are together under their own heading, each beside its choice."""
TEN_OR_DOUBLE = ((10, 0), (0, 1))
BONUS_OR_DOUBLE: dict[str, tuple[tuple[int, int], tuple[int, int]]] = {
    "loose_tile": TEN_OR_DOUBLE, "last_drawn_tile": TEN_OR_DOUBLE, "last_discard": TEN_OR_DOUBLE,
    "robbed_kong": TEN_OR_DOUBLE, "valueless": TEN_OR_DOUBLE, "no_chows": TEN_OR_DOUBLE,
    "one_suit": ((0, 3), (0, 4)), "all_flowers_or_seasons": ((0, 2), (0, 3)),
}
"""The Four Winds program's "Bonus & Double" list (spec §3.4, L587-L598, A13): the two ways each of these scoring
lines may pay, as (points, doubles). Offered for a base whose line pays one of the two, unless the line is fixed
or the base is paid by a table (Hong Kong: "not changeable", L1795)."""
LENIENT = ("valueless_strict", "valueless")
"""The Valueless Hand's ``when`` without and with a one-chance or self-drawn last tile allowed (A20)."""
WITHHELD = ("one_chance", "self_drawn")
"""The 2-point lines a lenient Valueless Hand does not get (``unless: valueless``); a strict one cannot be won that
way, so the Japanese presets never withhold them (``unless: []``)."""


@dataclass(frozen=True)
class Option:
    """One option a custom preset may change, with what the settings scene needs to show it."""

    key: str
    label: str
    kind: str
    """``bool``, ``choice`` (one of ``choices``) or ``number`` (``low``..``high`` by ``step``)."""
    section: str = "play"
    """``play`` (the ruleset's ``play:`` mapping) or ``ruleset`` (a top-level key; dots in ``key`` nest it, so
    ``penalties.faulty_out`` is ``faulty_out`` in the ``penalties:`` mapping)."""
    choices: tuple[Any, ...] = ()
    low: int = 0
    high: int = 0
    step: int = 1
    none_label: str = ""
    """For a number that may be null: the word shown for null (stepping below ``low`` reaches it)."""
    group: str = "Play"
    """The page of the Rules page showing it (one of :data:`GROUPS`)."""
    words: tuple[tuple[Any, str], ...] = ()
    """How some values are shown (``0`` as ``off``, ``before_doubles`` as ``before doubles``)."""
    shown: str = "{}"
    """How any other value is shown (``"{} a loser"``: ``100`` as ``100 a loser``)."""
    part: str = ""
    """On the Hands page: its heading (one of :data:`HAND_PARTS`)."""
    detail: str = ""
    """On the Hands page: what the line or hand pays, shown beside its name."""
    column: int = -1
    """The column of its page (0 left, 1 right); -1: the first half of the page's options go left."""
    requires: str | tuple[str, ...] = ""
    """The keys of other options that must be on (or not ``none``) for this one to matter; shown dimmed if not.
    ``max_chows`` counts as on when it allows four chows: only then can a hand be Valueless."""
    everywhere: bool = False
    """Offered for every base (the play options, whose defaults mean the same in every ruleset); otherwise only
    for a base whose files give the key, so a penalty a ruleset never mentions is not offered for it."""
    file_values: tuple[Any, ...] = ()
    """For a switch whose file holds one of two words rather than true or false: the words for off and on."""
    follows: tuple[tuple[Any, str, Any], ...] = ()
    """``(value, key, companion)``: when this option is ``value``, ``key`` is written as ``companion`` too
    (where the base differs), as a line's points go with its doubles."""

    @property
    def needs(self) -> tuple[str, ...]:
        """The keys of :attr:`requires`."""
        return (self.requires,) if isinstance(self.requires, str) and self.requires else tuple(self.requires)

    @property
    def path(self) -> tuple[str, ...]:
        """Where the value sits in a ruleset file."""
        return ("play", self.key) if self.section == "play" else tuple(self.key.split("."))


def _play(key: str, label: str, kind: str = "bool", **more: Any) -> Option:
    return Option(key, label, kind, everywhere=True, **more)


def _rule(key: str, label: str, kind: str, group: str, column: int, **more: Any) -> Option:
    return Option(key, label, kind, section="ruleset", group=group, column=column, **more)


OFF = ((0, "off"),)
SCORING, PAYING = N_("Scoring"), N_("Payment & penalties")
OPTIONS: tuple[Option, ...] = (
    _play("flowers", N_("Flowers and seasons (144 tiles)")),
    _play("chows_allowed", N_("Chows allowed")),
    _play("max_chows", N_("Most chows in a hand"), "choice", choices=(None, 0, 1, 2, 3, 4), requires="chows_allowed"),
    _play("chow_from_any", N_("Chows claimed from anyone"), requires="chows_allowed"),
    _play("chow_from_any_for_mah_jongg", N_("Chow from anyone to go out"), requires="chows_allowed"),
    _play("pair_claim_for_mah_jongg", N_("Claim a pair to go out")),
    _play("sacred_discard", N_("Sacred discard"), "choice", choices=("off", "last", "deal"),
          words=(("last", N_("last discard")), ("deal", N_("whole deal")))),
    _play("missed_discard", N_("Missed discard")),
    _play("ready_rule", N_("Ready hand rule"), "choice", choices=("none", "declare", "riichi")),
    _play("rob_kong", N_("Robbing a kong to go out")),
    _play("east_keeps_deal_on_draw", N_("East keeps the deal on a draw")),
    _play("east_keeps_deal_on_win", N_("East keeps the deal on a win")),
    _play("start_score", N_("Starting score"), "number", low=100, high=100_000, step=100, group=SCORING, column=0),
    _rule("limit", N_("Limit"), "number", SCORING, 0, low=50, high=100_000, step=50, none_label=N_("no limit"),
          everywhere=True),
    _rule("min_points", N_("Minimum points"), "choice", SCORING, 0, choices=(0, 1, 2, 3), words=((0, N_("any hand")),)),
    _rule("min_doubles", N_("Minimum doubles"), "choice", SCORING, 0, choices=(0, 1, 2, 3), words=((0,
        N_("any hand")),)),
    _rule("losers_score_concealed", N_("Losers score their concealed sets"), "bool", SCORING, 0),
    _rule("rounding.stage", N_("Rounding"), "choice", SCORING, 1, choices=("none", "before_doubles", "after_doubles"),
          words=(("none", "off"), ("before_doubles", N_("before doubles")), ("after_doubles", N_("after doubles")))),
    _rule("rounding.unit", N_("Round to a multiple of"), "choice", SCORING, 1, choices=(2, 5, 10, 50, 100),
          requires="rounding.stage"),
    _rule("rounding.mode", N_("Rounding goes"), "choice", SCORING, 1, choices=("up", "half_up"),
          words=(("up", N_("always up")), ("half_up", N_("to the nearest"))), requires="rounding.stage"),
    _rule("penalties.dealer_bonus", N_("Dealer's extra hands"), "choice", SCORING, 1,
          choices=(0, 8, 10, 25, 50, 100, 200), words=OFF, shown=N_("{} a loser")),
    _rule("penalties.dealer_limit_win", N_("Limit for the dealer"), "number", SCORING, 1, low=0, high=13,
          words=((0, "never"), (1, N_("every win"))), shown=N_("win {} in a row"), requires="penalties.dealer_bonus"),
    _rule("payment", N_("Payment"), "choice", PAYING, 0,
          choices=("east_double_losers_settle", "winner_only", "discarder_pays"),
          words=(("east_double_losers_settle", N_("between all")), ("winner_only", N_("winner only")),
                 ("discarder_pays", N_("discarder pays")))),
    _rule("discarder_pays_all", N_("Discarder pays for all"), "bool", PAYING, 0),
    _rule("penalties.ready_after_draw", N_("Draw pays ready hands"), "choice", PAYING, 0,
          choices=(0, 300, 600, 1200), words=OFF, shown=N_("{} in all")),
    _rule("penalties.riichi_deposit", N_("Riichi deposit"), "number", PAYING, 0, low=0, high=1000, step=100, words=OFF),
    _rule("penalties.faulty_out", N_("Penalty for a faulty Out"), "bool", PAYING, 1),
    _rule("penalties.faulty_out_others", N_("A faulty Out pays others"), "choice", PAYING, 1, choices=(0.25, 0.5, 1.0),
          words=((0.25, N_("¼ limit")), (0.5, N_("½ limit")), (1.0, N_("the limit"))), requires="penalties.faulty_out"),
    _rule("penalties.faulty_claim", N_("Penalty per faulty claim"), "number", PAYING, 1, low=0, high=1000, step=50,
          words=OFF),
    _rule("penalties.five_last_tiles", N_("Five last tiles error"), "bool", PAYING, 1),
    _rule("penalties.nine_tiles", N_("Nine tiles error"), "bool", PAYING, 1),
    _rule("special_hands_allowed", N_("Special hands allowed"), "bool", N_("Hands"), 0, part=HAND_PARTS[0],
          everywhere=True),
    # Not dimmed with special hands off: both on is refused when the preset is saved, and this one must stay
    # within reach to switch off.
    _rule("special_hands_required", N_("Only special hands go out"), "bool", N_("Hands"), 1, part=HAND_PARTS[0],
          everywhere=True),
)
"""The fixed options; every base also offers its scoring lines and special hands on or off (:func:`options_for`)."""
OPTION_KEYS = tuple(option.key for option in OPTIONS)
ANYWHERE = ("min_points", "min_doubles")
"""Options every base may be given, though the Rules page shows them only for a base whose files give them: a
minimum of 0 is no rule at all, so setting one adds no rule the base lacks (the rules editor offers them always)."""
_BY_KEY = {option.key: option for option in OPTIONS}
_LIST_KEY = re.compile(r"(scoring|special_hands)\.([a-z][a-z0-9_]*)\."
                       r"(allowed|points|doubles|when|unless|mah_jongg_only|limit|total)")
"""A scoring line or special hand switched on or off (``scoring.<id>.allowed``, ``special_hands.<id>.allowed``),
what a scoring line pays and when (``scoring.<id>.doubles`` and the keys that go with it), and the values the
rules editor changes (:mod:`game.mods.rule_values`)."""
_NOT_OPTIONS = {"format", "id", "extends", "name", "description"}


def _present(data: Any, path: tuple[str, ...]) -> bool:
    for name in path:
        if not isinstance(data, dict) or name not in data:
            return False
        data = data[name]
    return True


def _plain(value: Any) -> Any:
    """A loaded list of conditions as a file holds it: one name alone, else a list (``unless: []``)."""
    if isinstance(value, tuple):
        return value[0] if len(value) == 1 else list(value)
    return value


def _line_value(ruleset: Any, key: str) -> Any:
    parts = _LIST_KEY.fullmatch(key)
    assert parts is not None, f"not a scoring or special-hand key: {key!r}"
    kind, entry_id, name = parts.groups()
    entry = ruleset.item(entry_id) if kind == "scoring" else ruleset.special_hand(entry_id)
    return _plain(getattr(entry, name))


def _value(ruleset: Any, option: Option) -> Any:
    """The value of ``option`` in a loaded ruleset (enums as their plain names, as a file holds them)."""
    head, *rest = option.path
    if _LIST_KEY.fullmatch(option.key) is not None:
        return _line_value(ruleset, option.key)
    value = getattr(ruleset, head)
    for name in rest:
        value = getattr(value, name)
    return value.value if isinstance(value, Enum) else value


def _worth(entry: Any) -> str:
    if getattr(entry, "limit", None):
        return {1: "limit", 0.5: "½ limit", 0.25: "¼ limit"}.get(entry.limit, f"{entry.limit:g} × limit")
    parts = []
    if entry.points:
        parts.append(f"{entry.points} pt" + ("s" if entry.points != 1 else ""))
    if entry.doubles:
        parts.append(f"{entry.doubles} double" + ("s" if entry.doubles != 1 else ""))
    return " + ".join(parts) or "nothing"


def allows_four_chows(max_chows: int | None) -> bool:
    """Whether a most-chows setting lets a hand hold four chows, so a Valueless Hand is possible (L1650, L1813)."""
    return max_chows is None or max_chows >= 4


def _four_chows(ruleset: Any) -> bool:
    """Whether a hand of ``ruleset`` may hold four chows."""
    play = ruleset.play
    return bool(play.chows_allowed) and allows_four_chows(play.max_chows)


_ALSO_NEEDS = {"valueless": ("chows_allowed", "max_chows"), "all_flowers_or_seasons": ("flowers",)}
"""What else a Bonus & Double choice needs to matter: four chows in a hand, the flowers and seasons in play."""


def _bonus_options(ruleset: Any, data: Any) -> dict[str, list[Option]]:
    """The Bonus & Double choices ``ruleset`` offers, by line: what the line scores, and after the Valueless
    Hand's whether a one-chance or self-drawn last tile is allowed in it (A20)."""
    if getattr(ruleset, "pay_table", None) is not None:
        return {}
    found: dict[str, list[Option]] = {}
    for item in ruleset.scoring:
        pairs = BONUS_OR_DOUBLE.get(item.id)
        if (pairs is None or item.fixed or (item.points, item.doubles) not in pairs
                or (isinstance(data, dict) and not _present(data, ("scoring", item.id)))
                or (item.id == "valueless" and not _four_chows(ruleset))):
            continue
        needs = (f"scoring.{item.id}.allowed", *_ALSO_NEEDS.get(item.id, ()))
        follows = tuple((doubles, f"scoring.{item.id}.points", points) for points, doubles in pairs
                        if {p for p, _ in pairs} != {0})
        words = (*((doubles, f"{points} points") for points, doubles in pairs if points), (1, "1 double"))
        choices = tuple(sorted(doubles for _, doubles in pairs))
        options = [Option(f"scoring.{item.id}.doubles", "Scores", "choice", section="ruleset", group="Hands",
                          part=BONUS_PART, choices=choices, words=words, shown="{} doubles", column=1,
                          requires=needs, follows=follows)]
        if item.id == "valueless" and _plain(item.when) in LENIENT:
            # Only lines that withhold their points for a lenient Valueless Hand, or never do, follow the switch.
            withheld = [line.id for line in ruleset.scoring
                        if line.id in WITHHELD and line.unless in ((), (LENIENT[1],))]
            withholds = tuple((word, f"scoring.{line}.unless", [] if word == LENIENT[0] else LENIENT[1])
                              for word in LENIENT for line in withheld)
            options.append(Option("scoring.valueless.when", "Valueless even on a one-chance or self-drawn tile",
                                  "bool", section="ruleset", group="Hands", part=BONUS_PART, column=0,
                                  requires=needs, file_values=LENIENT, follows=withholds))
        found[item.id] = options
    return found


def _hand_options(ruleset: Any, data: Any) -> list[Option]:
    """Every scoring line and special hand of ``ruleset``, on or off, under its heading of :data:`HAND_PARTS`; a
    line with a Bonus & Double choice is under that heading, on the left of its choice.

    A special hand that a special-hands mod adds after the ruleset is loaded is not in the ruleset's files, so a
    preset cannot switch it (its entry would lack the hand's pattern); it is left out."""
    bonus = _bonus_options(ruleset, data)
    found = []
    for hand in ruleset.special_hands:
        if isinstance(data, dict) and not _present(data, ("special_hands", hand.id)):
            continue
        found.append(Option(f"special_hands.{hand.id}.allowed", hand.name, "bool", section="ruleset",
                            group="Hands", part=HAND_PARTS[0], detail=_worth(hand)))
    for item in ruleset.scoring:
        if isinstance(data, dict) and not _present(data, ("scoring", item.id)):
            continue
        if item.id in bonus:
            found.append(Option(f"scoring.{item.id}.allowed", item.name, "bool", section="ruleset", group="Hands",
                                part=BONUS_PART, column=0))
            found.extend(bonus[item.id])
            continue
        part = HAND_PARTS[4] if item.for_each is not None else HAND_PARTS[1] if item.doubles else HAND_PARTS[3]
        found.append(Option(f"scoring.{item.id}.allowed", item.name, "bool", section="ruleset", group="Hands",
                            part=part, detail=_worth(item)))
    order = {part: i for i, part in enumerate(HAND_PARTS)}
    return sorted(found, key=lambda o: order[o.part])


def options_for(ruleset: Any) -> tuple[Option, ...]:
    """The options a preset based on ``ruleset`` offers: every play option, the others its files give, and its
    scoring lines and special hands. The payment is not offered for a table-paid (Hong Kong) base, whose way
    of paying comes with its table."""
    data = getattr(getattr(ruleset, "source", None), "data", None)
    fixed = [o for o in OPTIONS if o.everywhere or (isinstance(data, dict) and _present(data, o.path))]
    if getattr(ruleset, "pay_table", None) is not None:
        fixed = [o for o in fixed if o.key != "payment"]
    return (*fixed, *_hand_options(ruleset, data))


def option_values(ruleset: Any) -> dict[str, Any]:
    """The value of every option :func:`options_for` offers for a loaded ruleset, by key."""
    return {o.key: _value(ruleset, o) for o in options_for(ruleset)}


def option(key: str) -> Option:
    """The fixed option ``key`` (one of :data:`OPTION_KEYS`)."""
    return _BY_KEY[key]


def option_value(ruleset: Any, key: str) -> Any:
    """The value of the fixed option ``key`` in a loaded ruleset, whether or not it is offered for it."""
    return _value(ruleset, _BY_KEY[key])


def describe(option: Option | str, value: Any) -> str:
    """An option's value in words, as the settings scene shows it, in the active language (a number its way)."""
    option = _BY_KEY[option] if isinstance(option, str) else option
    if option.kind == "bool":
        return _("on") if (value == option.file_values[1] if option.file_values else value) else _("off")
    if value is None:
        return _(option.none_label or N_("any"))
    for known, word in option.words:
        if known == value and type(known) is type(value):
            return _(word)
    number = format_number(value) if isinstance(value, int | float) and not isinstance(value, bool) else value
    return _(option.shown).format(number)


@dataclass(frozen=True)
class CustomRuleset:
    """A custom preset as found in the user mods folder."""

    id: str
    """The ruleset id, the same as its mod's id."""
    name: str
    base: str
    """The ruleset it extends (always one that is not a custom preset)."""
    path: Path
    """Its ``rulesets/<slug>.yaml``."""
    options: dict[str, Any] = field(default_factory=dict)
    """The option values it changes, by key (see :func:`options_for`)."""


def slugify(name: str) -> str:
    """The file-name form of a display name: ``"My Rules!"`` -> ``"my-rules"`` (``preset`` when nothing is left)."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii").lower()
    slug = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:SLUG_LENGTH].strip("-")
    return slug or "preset"


# -- reading --------------------------------------------------------------------------------------------------


def _catalog(folders: Folders) -> Catalog:
    return build_catalog(folders, full=False)


def _known(key: str) -> bool:
    match = _LIST_KEY.fullmatch(key)
    return key in _BY_KEY or (match is not None and (match[1] == "scoring" or match[3] in HAND_VALUES))


def _path(key: str) -> tuple[str, ...]:
    return _BY_KEY[key].path if key in _BY_KEY else tuple(key.split("."))


def _flatten(data: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """A preset file's values by dotted key: ``{penalties: {faulty_out: false}}`` -> ``penalties.faulty_out``."""
    flat: dict[str, Any] = {}
    for key, value in data.items():
        dotted = f"{prefix}{key}"
        if isinstance(value, dict) and not _known(dotted):
            flat.update(_flatten(value, f"{dotted}."))
        else:
            flat[dotted] = value
    return flat


def _read(path: Path, mod_id: str) -> CustomRuleset | None:
    try:
        data = load_yaml(path).data
    except DataFileError:
        return None
    if not isinstance(data, dict) or data.get("id") != mod_id or not isinstance(data.get("extends"), str):
        return None
    given = data.get("play")
    play = given if isinstance(given, dict) else {}
    values = {key: value for key, value in play.items() if key in _BY_KEY and _BY_KEY[key].section == "play"}
    rest = _flatten({k: v for k, v in data.items() if k not in _NOT_OPTIONS and k != "play"})
    values.update({key: value for key, value in rest.items() if _known(key) and _path(key)[0] != "play"})
    return CustomRuleset(mod_id, str(data.get("name", mod_id)), data["extends"], path, values)


def list_custom_rulesets(folders: Folders) -> list[CustomRuleset]:
    """Every custom preset in the user mods folder, by name (a broken one is left to the mod manager)."""
    found = []
    for entry in _catalog(folders).entries:
        if entry.origin != "user" or not entry.id.startswith(PREFIX) or entry.found.root is None:
            continue
        for path in sorted((entry.found.root / "rulesets").glob("*.yaml")):
            custom = _read(path, entry.id)
            if custom is not None:
                found.append(custom)
    return sorted(found, key=lambda c: (c.name.lower(), c.id))


def custom_ruleset(folders: Folders, ruleset_id: str) -> CustomRuleset:
    """The custom preset ``ruleset_id``; :class:`ModError` saying why when it is bundled, a mod's or unknown."""
    for custom in list_custom_rulesets(folders):
        if custom.id == ruleset_id:
            return custom
    catalog = _catalog(folders)
    record = catalog.record("ruleset", ruleset_id)
    if record is None:
        known = ", ".join(c.id for c in list_custom_rulesets(folders)) or L_("none")
        raise ModError([Problem(ruleset_id, L_("no custom preset {id} (custom presets: {known})", id=repr(ruleset_id),
                                               known=known))])
    entry = catalog.entry(record.mod_id)
    if entry is not None and entry.origin != "user":
        raise ModError([Problem(str(record.file), L_("ruleset {id} comes with the game and cannot be changed; save a "
                                                     "copy under a new name instead", id=repr(ruleset_id)))])
    raise ModError([Problem(str(record.file), L_("ruleset {id} belongs to the mod {mod}, not to a custom preset; "
                                                 "change it in the mod's own files", id=repr(ruleset_id),
                                                 mod=repr(record.mod_id)))])


# -- writing --------------------------------------------------------------------------------------------------


def create_custom_ruleset(folders: Folders, base_id: str, name: str, options: dict[str, Any] | None = None,
                          *, follow: bool = True) -> CustomRuleset:
    """Save ``options`` (values by key, as :func:`options_for` offers them for the base) laid over ruleset
    ``base_id`` as a new preset ``name``; only the values that differ from the base are written.

    Raises :class:`ModError` with every problem (``FILE:LINE:COLUMN`` for a value the ruleset loader refuses)
    and writes nothing when the name or a value is refused.
    """
    name = _check_name(folders, name, None)
    catalog = _catalog(folders)
    root, merged = _root_and_options(folders, catalog, base_id, options or {}, follow)
    slug = slugify(name)
    taken = {record.id for record in catalog.list("ruleset")} | {entry.id for entry in catalog.entries}
    mod_id, n = f"{PREFIX}{slug}", 2
    while mod_id in taken or (folders.user_mods / mod_id).exists():
        mod_id, n = f"{PREFIX}{slug}-{n}", n + 1
    return _save(folders, catalog, mod_id, slug, name, root, merged, replace=False)


def update_custom_ruleset(folders: Folders, ruleset_id: str, options: dict[str, Any], *, follow: bool = True
                          ) -> CustomRuleset:
    """Save changed option values into the custom preset ``ruleset_id`` (replaced whole, or not at all);
    ``follow`` as for :func:`create_custom_ruleset`."""
    custom = custom_ruleset(folders, ruleset_id)
    catalog = _catalog(folders)
    root, merged = _root_and_options(folders, catalog, ruleset_id, options, follow)
    return _save(folders, catalog, custom.id, custom.path.stem, custom.name, root, merged, replace=True)


def rename_custom_ruleset(folders: Folders, ruleset_id: str, new_name: str) -> CustomRuleset:
    """Give the custom preset ``ruleset_id`` a new display name; its id (and file names) stay."""
    custom = custom_ruleset(folders, ruleset_id)
    name = _check_name(folders, new_name, custom.id)
    catalog = _catalog(folders)
    return _save(folders, catalog, custom.id, custom.path.stem, name, custom.base, dict(custom.options),
                 replace=True)


def delete_custom_ruleset(folders: Folders, ruleset_id: str) -> Path:
    """Delete the custom preset ``ruleset_id`` (its whole mod folder); returns the folder removed."""
    custom = custom_ruleset(folders, ruleset_id)
    return remove(custom.id, folders)


def _check_name(folders: Folders, name: str, own_id: str | None) -> str:
    name = " ".join(str(name).split())
    if not name:
        raise ModError([Problem("name", L_("expected a name for the preset, got an empty one"))])
    if len(name) > NAME_LENGTH:
        raise ModError([Problem("name", L_("expected a name of at most {limit} characters, got {n}: {name}",
                                           limit=NAME_LENGTH, n=len(name), name=repr(name)))])
    catalog = _catalog(folders)
    for record in catalog.list("ruleset"):
        if record.id != own_id and record.name.strip().lower() == name.lower():
            raise ModError([Problem("name", L_("a ruleset named {name} already exists ({id}); choose another name",
                                               name=repr(name), id=record.id))])
    return name


def _pair(key: str, value: Any) -> tuple[str, Any]:
    """A key and value as a set member (a condition list is kept as a tuple)."""
    return key, tuple(value) if isinstance(value, list) else value


def _root_and_options(folders: Folders, catalog: Catalog, base_id: str, options: dict[str, Any],
                      follow: bool = True) -> tuple[str, dict[str, Any]]:
    """The non-custom ruleset to extend and the option values that differ from it, in the order offered.

    ``follow``: an option's companions are written with it (:attr:`Option.follows`); the rules editor, which
    shows every value on its own, asks for none."""
    unknown = [key for key in options if not _known(key)]
    if unknown:
        raise ModError([Problem(key, L_("unknown option {key}: expected one of {keys}, {lines} or {hands}",
                                        key=repr(key), keys=", ".join(OPTION_KEYS),
                                        lines=f"scoring.<line>.<{'|'.join(LINE_VALUES)}>",
                                        hands=f"special_hands.<hand>.<{'|'.join(HAND_VALUES)}>")) for key in unknown])
    record = catalog.record("ruleset", base_id)
    if record is None:
        known = ", ".join(sorted(r.id for r in catalog.list("ruleset"))) or L_("none")
        raise ModError([Problem(base_id, L_("unknown base ruleset {id} (known: {known})", id=repr(base_id),
                                            known=known))])
    root, inherited = base_id, {}
    if base_id.startswith(PREFIX):
        custom = next((c for c in list_custom_rulesets(folders) if c.id == base_id), None)
        if custom is not None:
            root, inherited = custom.base, dict(custom.options)
    try:
        root_ruleset = load_ruleset(catalog, root)
        offered = {o.key: o for o in options_for(root_ruleset)}
        root_values = {**option_values(root_ruleset), **{key: option_value(root_ruleset, key) for key in ANYWHERE},
                       **value_keys(root_ruleset)}
    except DataFileError as exc:
        raise ModError(exc.problems or [Problem(root, message_of(exc))]) from None
    refused = [key for key in options if key not in root_values]
    if refused:
        raise ModError([Problem(key, L_("option {key} is not offered for a preset based on {root}: that ruleset does "
                                        "not have it", key=repr(key), root=repr(root))) for key in refused])
    # An inherited value the base no longer has (a later fix removed it) is dropped rather than blocking saves;
    # so is an inherited companion (a line's points) of the value its option writes, which is worked out again
    # from the option it goes with.
    derived = {_pair(other, companion) for option in offered.values() for _, other, companion in option.follows}
    wanted = {**{k: v for k, v in inherited.items() if not (follow and _pair(k, v) in derived)}, **options}
    chosen = {key: wanted[key] for key in root_values if key in wanted and wanted[key] != root_values[key]}
    for key, value in list(chosen.items()) if follow else ():
        for when, other, companion in offered[key].follows if key in offered else ():
            if when == value and _line_value(root_ruleset, other) != companion:
                chosen[other] = companion
    return root, chosen


VALUE_WORDS = {"points": "points", "doubles": "doubles", "mah_jongg_only": "Mah Jongg hand only",
               "allowed": "allowed", "limit": "share of the limit", "total": "total score", "when": "when",
               "unless": "unless"}
"""How a comment in a preset file names a line's or hand's value."""


def _was(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "none" if value is None else f"{_plain(value)}"


def _note(root_ruleset: Any, key: str) -> str:
    """The comment beside a changed value: what it is, and what the base has."""
    try:
        if key in _BY_KEY:
            option = _BY_KEY[key]
            return f"{option.label}; was {describe(option, _value(root_ruleset, option))}"
        parts = _LIST_KEY.fullmatch(key)
        if parts is None:
            return ""
        kind, entry_id, name = parts.groups()
        entry = root_ruleset.item(entry_id) if kind == "scoring" else root_ruleset.special_hand(entry_id)
        return f"{entry.name}, {VALUE_WORDS[name]}; was {_was(_line_value(root_ruleset, key))}"
    except (KeyError, AttributeError, LookupError):
        return ""  # the base no longer has it: the value still says what it is


def ruleset_text(catalog: Catalog, mod_id: str, name: str, root: str, options: dict[str, Any]) -> str:
    """The ruleset file of the preset ``mod_id``: ``extends: root`` and ``options`` at their places, each with
    a comment saying what it is and what ``root`` has (the rules editor checks a value with this text before it
    may reach a file)."""
    try:
        root_ruleset: Any = load_ruleset(catalog, root)
        root_name = root_ruleset.name
    except DataFileError:
        root_ruleset, root_name = None, root
    head = {"format": 1, "id": mod_id, "extends": root, "name": name,
            "description": f"{root_name} with the player's own options."}
    values = [(_path(key), value, _note(root_ruleset, key) if root_ruleset is not None else "")
              for key, value in options.items()]
    header = (f"Custom preset {name!r}, saved by Sparrow: the ruleset {root!r} with the values below changed.",
              f"Everything not listed here comes from {root!r}; each comment says what {root!r} has.")
    return preset_text(header, head, values)


def _manifest_text(mod_id: str, name: str, root: str) -> str:
    doc = {"format": 1, "id": mod_id, "name": name, "version": "1.0.0", "game": ">=0.1", "authors": ["you"],
           "description": f"A custom ruleset preset based on {root}, made in the settings.", "kinds": ["ruleset"],
           "requires": {}, "optional": {}, "incompatible": [], "load_after": []}
    return "# Made by Sparrow's settings (Rules page); rename or delete it there.\n" + yaml.safe_dump(
        doc, sort_keys=False, allow_unicode=True, width=110)


def _save(folders: Folders, catalog: Catalog, mod_id: str, slug: str, name: str, root: str,
          options: dict[str, Any], *, replace: bool) -> CustomRuleset:
    mods = folders.user_mods
    target = mods / mod_id
    ruleset_file = Path("rulesets") / f"{slug}.yaml"
    mods.mkdir(parents=True, exist_ok=True)
    staging = mods / f".install-{uuid.uuid4().hex}"
    old: Path | None = None
    try:
        write_atomic(staging / "mod.yaml", _manifest_text(mod_id, name, root))
        write_atomic(staging / ruleset_file, ruleset_text(catalog, mod_id, name, root, options))
        found = open_folder(staging, "user", str(target))
        problems = check_found(found, folders)
        if problems:
            raise ModError(list(problems))
        if target.exists():
            if not replace:
                raise ModError([Problem(str(target), L_("a custom preset folder {id} already exists",
                                                        id=repr(mod_id)))])
            old = mods / f".old-{uuid.uuid4().hex}"
            os.replace(target, old)
        os.replace(staging, target)
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
        if old is not None and old.exists():
            shutil.rmtree(old, ignore_errors=True)
    return CustomRuleset(mod_id, name, root, target / ruleset_file, dict(options))
