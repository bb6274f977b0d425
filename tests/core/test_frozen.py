"""The quicker constructor of the engine's frozen dataclasses makes the same objects as the generated one; a value
worked out once is kept without changing them."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import pytest

from game.core.actions import Claim, Discard
from game.core.events import Event, TileDiscarded, TileDrawn
from game.core.frozen import quick_init, worked_out
from game.core.judge import HandSpec, WinContext
from game.core.patterns import Env
from game.core.readings import ReadSet
from game.core.scoring import ScoreItem
from game.core.view import OpponentView


@dataclass(frozen=True)
class _Plain:
    a: int
    b: tuple[int, ...] = ()
    c: str | None = None


@quick_init
@dataclass(frozen=True)
class _Quick:
    """_Plain again, with the quick constructor."""

    a: int
    b: tuple[int, ...] = ()
    c: str | None = None


def test_the_same_values_equality_hash_and_repr_as_the_generated_constructor() -> None:
    for args, kwargs in (((1,), {}), ((1, (2, 3)), {}), ((1,), {"c": "x"}), ((), {"a": 4, "b": (5,), "c": "y"})):
        plain, quick = _Plain(*args, **kwargs), _Quick(*args, **kwargs)
        assert dataclasses.astuple(plain) == dataclasses.astuple(quick)
        assert repr(quick) == repr(plain).replace("_Plain", "_Quick")
    assert _Quick(1, (2,)) == _Quick(a=1, b=(2,)) and hash(_Quick(1, (2,))) == hash(_Quick(a=1, b=(2,)))
    assert _Quick(1) != _Quick(2)


def test_instances_stay_frozen_and_arguments_are_checked() -> None:
    quick = _Quick(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        quick.a = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        _Quick()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        _Quick(1, d=3)  # type: ignore[call-arg]


def test_classes_that_need_the_generated_constructor_are_refused() -> None:
    @dataclass(frozen=True)
    class WithFactory:
        items: list[int] = field(default_factory=list)

    @dataclass(frozen=True)
    class WithPostInit:
        a: int

        def __post_init__(self) -> None:
            pass

    @dataclass
    class NotFrozen:
        a: int

    for cls in (WithFactory, WithPostInit, NotFrozen):
        with pytest.raises(TypeError):
            quick_init(cls)


def test_any_field_name_a_dataclass_allows_works() -> None:
    @quick_init
    @dataclass(frozen=True)
    class Odd:
        self: int
        d: int = 2

    odd = Odd(1)
    assert (odd.self, odd.d) == (1, 2) and Odd(self=3, d=4).self == 3


def test_the_engine_classes_use_it_and_build_what_they_did() -> None:
    for cls in (TileDiscarded, TileDrawn, Discard, Claim, HandSpec, WinContext, OpponentView, ReadSet, ScoreItem, Env):
        assert getattr(cls.__init__, "quick_init", False), cls
    drawn = TileDrawn(1, 16, (44, 1), 75)
    assert drawn.to_dict() == {"kind": "tile_drawn", "seat": 1, "tile": 16, "position": (44, 1), "tiles_left": 75}
    assert WinContext() == WinContext(True, None, "discard") and HandSpec((1, 2)).melds == ()
    assert Claim("pung", (3, 3)) == Claim(type="pung", tiles=(3, 3))
    assert all(getattr(sub.__init__, "quick_init", False) for sub in Event.__subclasses__())
    assert not getattr(_Plain.__init__, "quick_init", False)


@quick_init
@dataclass(frozen=True)
class _Counted:
    values: tuple[int, ...]

    @worked_out
    def total(self) -> int:
        """The sum, worked out once."""
        _Counted.asked += 1
        return sum(self.values)

    asked = 0  # how many times ``total`` was worked out (class-wide)


def test_worked_out__once_per_instance_and_equality_hash_repr_unchanged() -> None:
    a, b = _Counted((1, 2, 3)), _Counted((1, 2, 3))
    before = _Counted.asked
    assert a.total == 6 and a.total == 6 and a.total == 6
    assert _Counted.asked == before + 1  # kept after the first read
    assert a == b and hash(a) == hash(b) and repr(a) == repr(b) == "_Counted(values=(1, 2, 3))"
    assert b.total == 6 and _Counted.asked == before + 2  # each instance works out its own
    assert _Counted.total.__doc__ == "The sum, worked out once."
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.values = ()  # type: ignore[misc]
