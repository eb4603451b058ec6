"""Frozen slotted dataclasses built and copied fast: states, events and decoded
messages are made on every event, and the frozen __init__ sets each field through
object.__setattr__. The functions here are generated per class, as dataclasses
generates __init__.

This module is the kernel's one place for that trick; games reach it only through
`domain.kernel.replace` and `replacer` (and the Emitter, which builds every event with
`builder`).
Measured on 2026-11-27 (CPython 3.11, an ARMORY state and event): `replace` 1.8 µs
against `dataclasses.replace`'s 10.6 µs (5.9x), `builder` 0.38 µs against the class's
own __init__ 2.2 µs (5.7x); the bench's rules rows (docs/performance-record.md) pay
them on every event."""

from __future__ import annotations

import dataclasses
import functools
import types
from collections.abc import Callable, Mapping
from typing import Any, Concatenate, ParamSpec, TypeVar

T = TypeVar("T")
P = ParamSpec("P")

_REPLACERS: dict[type, Callable[..., Any]] = {}
_BUILDERS: dict[Callable[..., Any], Callable[..., Any]] = {}


def replace(obj: T, /, **changes: Any) -> T:
    """dataclasses.replace for frozen slotted dataclasses, several times faster.

    The states and messages of every game are rebuilt with it on each event (so the
    replacer is looked up here, not through replacer(): one call fewer each time).
    """
    made = _REPLACERS.get(type(obj))
    if made is None:
        made = replacer(type(obj))
    copied: T = made(obj, **changes)
    return copied


def replacer(kind: type[T]) -> Callable[Concatenate[T, ...], T]:
    """replace() for one class, to bind once where a class is copied on every event:
    it skips replace()'s own call and its packing of the changes, 0.25 µs a copy against
    0.6 µs (measured 2026-11-27, a six-field record)."""
    made = _REPLACERS.get(kind)
    if made is None:
        made = _REPLACERS[kind] = _replacer(kind)
    return made


def builder(kind: Callable[P, T]) -> Callable[P, T]:
    """`kind` itself for a frozen slotted dataclass, several times faster: a function
    with the parameters of its __init__ that builds the object as replace() does."""
    made = _BUILDERS.get(kind)
    if made is None:
        made = _BUILDERS[kind] = _builder(kind)
    return made


def _replacer(kind: type) -> Callable[..., Any]:
    """Generate `replace_Kind(obj, /, a=MISSING, b=MISSING, ...)`.

    Callers name the fields; they are not declared keyword-only because CPython fills
    each missing keyword-only argument by a dict lookup, a positional one from a tuple.
    """
    fields = [f.name for f in dataclasses.fields(kind)]
    parameters = "_r_obj, /" + "".join(f", {field}=_r_missing" for field in fields)
    return _generate(kind, f"replace_{kind.__name__}", parameters,
                     {field: f"_r_obj.{field} if {field} is _r_missing else {field}" for field in fields}, {})


def _builder(kind: Any) -> Callable[..., Any]:
    """Generate `build_Kind(a, b=DEFAULT, ..., *, c=DEFAULT)` with the parameters, defaults
    and default factories that dataclasses gives `kind.__init__`."""
    namespace: dict[str, Any] = {}
    values: dict[str, str] = {}

    def parameter(f: dataclasses.Field[Any]) -> str:
        values[f.name] = f.name
        if f.default is not dataclasses.MISSING:
            namespace[f"_r_default_{f.name}"] = f.default
            return f"{f.name}=_r_default_{f.name}"
        if f.default_factory is not dataclasses.MISSING:
            namespace[f"_r_factory_{f.name}"] = f.default_factory
            values[f.name] = f"_r_factory_{f.name}() if {f.name} is _r_missing else {f.name}"
            return f"{f.name}=_r_missing"
        return f.name

    fields = dataclasses.fields(kind)
    parameters = [parameter(f) for f in fields if not f.kw_only]
    keywords = [parameter(f) for f in fields if f.kw_only]  # dataclasses puts them last
    if keywords:
        parameters += ["*", *keywords]
    return _generate(kind, f"build_{kind.__name__}", ", ".join(parameters), values, namespace)


def _generate(kind: type, name: str, parameters: str, values: Mapping[str, str],
              namespace: dict[str, Any]) -> Callable[..., Any]:
    """Generate `def name(parameters)` returning a new `kind` whose fields are `values`
    (Python expressions by field name), as dataclasses generates __init__.

    The object is made as an instance of a mutable subclass of `kind` that adds no
    slots, so plain attribute stores (the fastest CPython has) fill it instead of the
    frozen __init__'s object.__setattr__ calls; then it becomes a `kind` by __class__
    assignment, which CPython allows because the two have the same memory layout.
    Nobody sees the object before that.
    """
    # The generated code's own names start with "_r_" so that no field name can shadow them.
    namespace |= {"_r_missing": _MISSING, "_r_new": object.__new__, "_r_mutable": _mutable(kind), "_r_kind": kind}
    lines = [f"def {name}({parameters}):", "    _r_made = _r_new(_r_mutable)"]
    lines += [f"    _r_made.{field} = {value}" for field, value in values.items()]
    lines += ["    _r_made.__class__ = _r_kind", "    return _r_made"]
    exec("\n".join(lines), namespace)
    return namespace[name]  # type: ignore[no-any-return]


_MISSING = object()
"""The default of a parameter that was not passed."""


@functools.cache
def _mutable(kind: type) -> type:
    """The mutable subclass that _generate()'s functions fill (one per class)."""
    params: Any = getattr(kind, "__dataclass_params__", None)
    fields = dataclasses.fields(kind)
    if (params is None or not params.frozen or hasattr(kind, "__post_init__") or not all(f.init for f in fields)
            or not all(isinstance(getattr(kind, f.name, None), types.MemberDescriptorType) for f in fields)):
        raise TypeError(f"frozen slotted dataclasses without __post_init__ only, not {kind.__name__}")
    # The frozen class's __setattr__ and __delattr__ would refuse the stores (and slow them down).
    mutable: Any = type(f"_Mutable{kind.__name__}", (kind,), {
        "__slots__": (), "__setattr__": object.__setattr__, "__delattr__": object.__delattr__})
    object.__new__(mutable).__class__ = kind  # a TypeError here, once, if CPython refused the layout
    return mutable  # type: ignore[no-any-return]
