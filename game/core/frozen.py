"""A quicker ``__init__`` for the small frozen dataclasses the engine makes by the thousand every hand.

A frozen dataclass's generated ``__init__`` sets each field through ``object.__setattr__`` (its own
``__setattr__`` refuses), several times slower than storing into the instance's ``__dict__``. Events, views,
hand specs and win contexts are made for every move, so that showed as a few percent of a simulated hand.
:func:`quick_init` gives such a class an ``__init__`` with the same signature that stores into ``__dict__``;
the instances are the same in every other way (still frozen, same equality, hash and repr).

:class:`worked_out` is a property of such a class worked out the first time it is asked and then read as a plain
attribute (scoring asks the facts of every reading of every hand many times).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T", bound=type)
V = TypeVar("V")


def quick_init(cls: T) -> T:
    """Replace the generated ``__init__`` of the frozen dataclass ``cls`` with one that writes ``__dict__``.

    Only plain classes are taken: a field with a default factory, keyword-only or left out of ``__init__``, a
    ``__post_init__`` or ``__slots__`` would each need the generated code, so they raise ``TypeError``.
    """
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen:
        raise TypeError(f"{cls.__name__} is not a frozen dataclass")
    if hasattr(cls, "__post_init__") or "__slots__" in cls.__dict__:
        raise TypeError(f"{cls.__name__} needs its generated __init__ (__post_init__ or __slots__)")
    names: list[str] = []
    defaults: dict[str, object] = {}
    for f in dataclasses.fields(cls):
        if not f.init or f.kw_only or f.default_factory is not dataclasses.MISSING:
            raise TypeError(f"{cls.__name__}.{f.name} needs the generated __init__")
        names.append(f.name)
        if f.default is not dataclasses.MISSING:
            defaults[f"_default_{f.name}"] = f.default
    if {"__self", "__fields"} & set(names):
        raise TypeError(f"{cls.__name__}: a field's name is taken by the quick __init__'s own locals")
    signature = "".join(f", {n}=_default_{n}" if f"_default_{n}" in defaults else f", {n}" for n in names)
    body = "".join(f"\n    __fields[{n!r}] = {n}" for n in names)
    namespace: dict[str, object] = dict(defaults)
    # The instance is ``__self``, so a field may be called ``self`` (the generated __init__ allows it too).
    exec(f"def __init__(__self{signature}):\n    __fields = __self.__dict__{body}", namespace)
    # The function and the class are handled untyped: both are made here, at run time, out of reach of a checker.
    init: Any = namespace["__init__"]
    target: Any = cls
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = target.__init__.__doc__
    init.quick_init = True  # tells the tests which classes have it
    target.__init__ = init
    return cls


class worked_out(Generic[V]):  # noqa: N801  (used as a decorator, like ``property``)
    """A property worked out the first time it is asked and kept in the instance's ``__dict__``, from where later
    reads take it as a plain attribute (the descriptor has no ``__set__``, so the instance's value wins).

    ``functools.cached_property`` does the same, but takes a lock on every first read (Python 3.11), which costs
    more than the property saves on an object read a few times. Equality and hashing of a frozen dataclass read
    its fields only, so the kept value changes neither.
    """

    def __init__(self, func: Callable[[Any], V]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> worked_out[V]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> V: ...

    def __get__(self, instance: object | None, owner: type | None = None) -> V | worked_out[V]:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.func(instance)
        return value
