"""The ruleset plug-in interface: facts as ClassVars, named options, hooks with defaults.

A variant family plugs into the engine by subclassing :class:`Ruleset` and registering it with
:func:`register`. The engine (:class:`tarokpgn.rules.state.DealState`) drives the phases and
asks the ruleset at each step; everything a family does differently is one of these hooks.
A family whose deal needs book-keeping of its own (the Czech 4+1+1 talon split) subclasses
:class:`~tarokpgn.rules.state.DealState`, names that class in :attr:`Ruleset.deal_state` and
types its hooks with it: ``class CzechRuleset(Ruleset[CzechDeal])``.

============================  =================================================================
hook                          default
============================  =================================================================
``deal_state`` (ClassVar)     :class:`~tarokpgn.rules.state.DealState` — the class
                              :meth:`new_deal` makes, the ``DealT`` every hook receives
``new_auction(deal)``         required: an :class:`Auction` for the deal
``needs_call(deal)``          False (no called card)
``check_call(deal, pos, c)``  fault ``illegal-call`` (nothing may be called)
``legal_calls(deal)``         ``[]``
``implied_call(deal)``        None — the card called when the record goes on past the call
                              without a ``call`` item (Czech: the nineteen, CZ-4.2)
``uses_talon(deal)``          ``contract.talon > 0``
``check_exchange(deal, …)``   required when any contract uses the talon
``check_announcement(…)``     fault ``illegal-announcement`` unless listed in ``announcements``
``check_declaration(…)``      None — the cards a ``declare`` item shows are not checked
``check_kontra(…)``           levels 1…``max_kontra`` in order, by alternating sides
``first_leader(deal)``        position 0 (forehand)
``dealt_size(pos)``           :attr:`hand_size` — cards dealt to one position (Ottocento's
                              dealer gets two more, T-4.1)
``trick_policy(deal)``        :class:`TrickPolicy` () — follow suit, else trump, else any
``trick_extra(deal, k)``      ``()`` — cards added to trick ``k`` (klop/Varšava talon cards)
``trick_winner(deal, …)``     :func:`tarokpgn.rules.core.trick_winner` under the policy
``is_decided(deal)``          False — play may stop early (beggar lost, valat broken)
``score(deal)``               required: a :class:`Score`
``penalty_score(deal, …)``    None — the score when a player committed a proven renons
``match_rule()``              None — the :class:`~tarokpgn.rules.match.MatchRule` the verifier
                              follows across a match's deals (radelci, Ottocento's race)
``score_outcome(o, seats)``   None — the score of a bare :class:`Outcome` (a score-only
                              record: contract, difference, bonuses, no cards); None: this
                              ruleset cannot score one (the verdict is INCOMPLETE)
============================  =================================================================

Facts for the renons judge (:mod:`tarokpgn.renons`), which never asks a family's name:
:attr:`Ruleset.renons_penalty` and :attr:`Ruleset.renons_proof_note`.

Positions are 0…n−1 in order of play for the deal: 0 is forehand (the seat after the dealer),
n−1 the dealer. Cards are card numbers of :class:`tarokpgn.rules.core.CardTables`.

A ruleset instance is a preset (``semedela``, ``pagat``…) plus its :class:`Options` with any
overrides from the record's ``Options`` tag applied. ``find_ruleset(variant, name, overrides)``
returns one. This module never imports :mod:`tarokpgn.model`.
"""

from __future__ import annotations

import dataclasses
import importlib
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar, cast

from mypy_extensions import mypyc_attr

from tarokpgn.cards import Deck
from tarokpgn.errors import TarokPgnError
from tarokpgn.rules.core import CardTables, TrickPolicy, trick_winner
from tarokpgn.rules.facts import (
    Announcement,
    Contract,
    Fault,
    Outcome,
    OutcomeBonus,
    RuleViolation,
    Score,
)
from tarokpgn.rules.match import MatchRule
from tarokpgn.rules.state import DealState
from tarokpgn.variants import BUILTIN_FAMILIES

__all__ = [
    "Announcement",
    "Auction",
    "Contract",
    "DealT",
    "Fault",
    "OptionError",
    "Options",
    "Outcome",
    "OutcomeBonus",
    "RuleViolation",
    "Ruleset",
    "Score",
    "find_ruleset",
    "option",
    "register",
    "rulesets",
]

DealT = TypeVar("DealT", bound=DealState)
"""The deal state class a ruleset's hooks receive (:attr:`Ruleset.deal_state`)."""


# --- options -----------------------------------------------------------------------------------


def option(
    default: Any,
    choices: tuple[Any, ...] = (),
    rule: str = "",
    doc: str = "",
    bounds: tuple[int | None, int | None] = (None, None),
) -> Any:
    """Declare one named option of an :class:`Options` dataclass.

    ``choices`` lists the allowed values (empty: any value of the default's type); ``bounds``
    the lowest and highest value of a number (None: no limit); ``rule`` the rule id it rests
    on; ``doc`` a one-line meaning. Used by docs and ``Options`` parsing.
    """
    meta = {"choices": choices, "rule": rule, "doc": doc, "bounds": bounds}
    return field(default=default, metadata=meta)


class OptionError(TarokPgnError, ValueError):
    """An ``Options`` override names an unknown option or gives a value it does not allow."""


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(frozen=True)
class Options:
    """Base of every ruleset's options. Subclasses add fields made with :func:`option`."""

    def override(self, overrides: Mapping[str, str]) -> Options:
        """A copy with ``overrides`` (``{"klop_scoring": "plain"}``, text values) applied."""
        fields = {f.name: f for f in dataclasses.fields(self)}
        changes: dict[str, Any] = {}
        for name, text in overrides.items():
            key = name.replace("-", "_")
            if key not in fields:
                raise OptionError(f"unknown option {name!r}")
            changes[key] = _coerce(fields[key], getattr(self, key), text)
        return dataclasses.replace(self, **changes)

    def describe(self) -> dict[str, Any]:
        """Option name → current value."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}


def _coerce(f: dataclasses.Field[Any], current: Any, text: str) -> Any:
    value: Any
    if isinstance(current, bool):
        low = text.lower()
        if low not in ("true", "false", "on", "off", "yes", "no", "1", "0"):
            raise OptionError(f"option {f.name} takes true or false, not {text!r}")
        value = low in ("true", "on", "yes", "1")
    elif isinstance(current, int):
        try:
            value = int(text)
        except ValueError:
            raise OptionError(f"option {f.name} takes a number, not {text!r}") from None
    else:
        value = text
    choices = f.metadata.get("choices", ())
    if choices and value not in choices:
        allowed = ", ".join(str(c) for c in choices)
        raise OptionError(f"option {f.name} takes one of {allowed}, not {text!r}")
    least: int | None
    most: int | None
    least, most = f.metadata.get("bounds", (None, None))
    if (least is not None and value < least) or (most is not None and value > most):
        span = f"{least} … {most}" if most is not None else f"{least} or more"
        raise OptionError(f"option {f.name} takes a number {span}, not {text!r}")
    return value


# --- auction -----------------------------------------------------------------------------------


@mypyc_attr(allow_interpreted_subclasses=True)
class Auction(ABC):
    """One deal's auction: the engine feeds it bids in order and asks who won.

    Bids are canonical words (``pass`` or a contract id). ``to_act`` is the position expected
    to speak next (None once over). ``check`` must not change state.
    """

    @property
    @abstractmethod
    def to_act(self) -> int | None: ...

    @abstractmethod
    def check(self, pos: int, bid: str) -> Fault | None:
        """None when ``pos`` may say ``bid`` now, else why not (``illegal-bid``…)."""

    @abstractmethod
    def apply(self, pos: int, bid: str) -> None:
        """Record the bid (even an illegal one, as far as possible)."""

    @abstractmethod
    def legal(self, pos: int) -> list[str]:
        """The bids ``pos`` may make now."""

    @property
    @abstractmethod
    def done(self) -> bool: ...

    @abstractmethod
    def result(self) -> tuple[str, int | None]:
        """(contract id, declarer position or None for klop-like games)."""


# --- the ruleset base --------------------------------------------------------------------------


@mypyc_attr(allow_interpreted_subclasses=True)
class Ruleset(ABC, Generic[DealT]):
    """Base of every ruleset. Subclasses set the ClassVars and override the hooks they need;
    ``DealT`` is the class of their deals (:attr:`deal_state`)."""

    family: ClassVar[str]
    """``slovenian``, ``czech``, ``french``, ``tarocchini`` (keys of :mod:`tarokpgn.vocabulary`)."""
    variants: ClassVar[tuple[str, ...]]
    """Variant ids this class plays (``slovenian-4``)."""
    players: ClassVar[int]
    deck: ClassVar[Deck]
    hand_size: ClassVar[int]
    talon_size: ClassVar[int]
    contracts: ClassVar[Mapping[str, Contract]]
    """Contract id → facts (the full ladder; options may disable some, see :meth:`contract`)."""
    announcements: ClassVar[Mapping[str, Announcement]] = {}
    presets: ClassVar[Mapping[str, Options]]
    """Preset name → options (``semedela``, ``pagat``); the first is the default."""
    aliases: ClassVar[Mapping[str, str]] = {}
    """Alternative preset names → preset name."""
    declarations: ClassVar[frozenset[str]] = frozenset()
    """Names a ``declare`` item may carry (Czech revealing hlášky); they are checked with
    :meth:`check_announcement` like announcements."""
    rule_ids: ClassVar[Mapping[str, str]] = {}
    """Key → this family's rule id, for faults the replay or the engine raise themselves (the
    defaults are Slovenian ids). Replay: ``wrong-leader``, ``first-leader``, ``hand-size``,
    ``duplicate-card``, ``score-mismatch``. Engine: ``auction-over``, ``call``, ``no-talon``,
    ``announce-time``, ``kontra-time``, ``play-out-of-turn``, ``not-held``, ``void``,
    ``follow-suit``, ``follow-tarok``, ``must-trump``, ``must-beat``, ``must-overtrump``,
    ``pagat-last``."""
    deal_state: ClassVar[type[DealState]] = DealState
    """The class of this ruleset's deals (``DealT``), made by :meth:`new_deal`. A family whose
    deal needs extra book-keeping (the Czech 4+1+1 talon split, forehand's late Varšava
    choice) names a :class:`~tarokpgn.rules.state.DealState` subclass whose constructor takes
    the same arguments."""
    max_kontra: ClassVar[int] = 4
    count_group: ClassVar[int] = 3
    """Card points are counted in groups of this many (3 Central European, 2 Bolognese, 1
    French half points)."""
    renons_penalty: ClassVar[Mapping[str, object]] = {}
    """How the renons judge charges a renons where the family's rules differ from the
    Semedela reading (SL-13): :class:`tarokpgn.renons.RenonsOptions` field → value (Czech:
    a price in hellers paid to each player); empty: SL-13 as it stands. The ruleset's own
    ``renons_*`` options apply over it."""
    renons_proof_note: ClassVar[str] = ""
    """Said after the rule that the claimant must prove a renons (SL-13.4) when the family's
    rules do not state it themselves; empty: nothing to add."""

    def __init__(self, preset: str | None = None, overrides: Mapping[str, str] | None = None):
        name = preset or next(iter(self.presets))
        name = self.aliases.get(name, name)
        if name not in self.presets:
            raise OptionError(f"unknown ruleset {preset!r} for {self.variants[0]}")
        self.name = name
        self.options: Options = self.presets[name].override(overrides or {})
        self.tables = CardTables.of(self.deck)
        cls = type(self)
        self.own_trick_winner: bool = _overrides(cls, "trick_winner")
        """The class overrides :meth:`trick_winner` (else the deal finds winners itself)."""
        self.own_trick_extra: bool = _overrides(cls, "trick_extra")
        """The class overrides :meth:`trick_extra` (else no trick has extra cards)."""
        self.own_is_decided: bool = _overrides(cls, "is_decided")
        """The class overrides :meth:`is_decided` (else play always goes to the end)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r})"

    # facts with option-dependent answers

    def contract(self, cid: str) -> Contract | None:
        """The contract ``cid`` if this preset plays it (override to disable by option)."""
        return self.contracts.get(cid)

    def new_deal(
        self,
        hands: Sequence[Sequence[int] | None] | None = None,
        talon: Sequence[int] | None = None,
        *,
        number: int = 0,
        labels: Sequence[str] | None = None,
        masks: Sequence[int] | None = None,
    ) -> DealT:
        """A fresh deal state of class :attr:`deal_state` (arguments as for
        :class:`~tarokpgn.rules.state.DealState`; ``masks`` go to that class only, not to a
        subclass, whose constructor may not take them)."""
        cls = self.deal_state
        if cls is DealState:  # compiled, a native call: no method look-up, no keyword parsing
            deal = DealState(self, hands, talon, number=number, labels=labels, masks=masks)
        else:
            deal = cls(self, hands, talon, number=number, labels=labels)
        return cast(DealT, deal)  # deal_state is DealT's class (a ClassVar cannot say so)

    # phase hooks

    @abstractmethod
    def new_auction(self, deal: DealT) -> Auction: ...

    def needs_call(self, deal: DealT) -> bool:
        return False

    def legal_calls(self, deal: DealT) -> list[int]:
        return []

    def check_call(self, deal: DealT, pos: int, card: int) -> Fault | None:
        return Fault("illegal-call", "no card is called in this contract", pos=pos)

    def implied_call(self, deal: DealT) -> int | None:
        """The card the declarer calls when the record goes on past the call (to an exchange,
        an announcement, a kontra or the play) without a ``call`` item; the engine applies it
        once (:meth:`~tarokpgn.rules.state.DealState.imply_call`). Default None: nothing is
        implied, and the deal is played without a called card."""
        return None

    def uses_talon(self, deal: DealT) -> bool:
        return deal.contract is not None and deal.contract.talon > 0

    def check_exchange(
        self,
        deal: DealT,
        pos: int,
        take: tuple[int, ...],
        discard: tuple[int, ...],
        show: tuple[int, ...],
    ) -> list[Fault]:
        return [Fault("talon-group", "this ruleset has no talon exchange", pos=pos)]

    def check_announcement(self, deal: DealT, pos: int, name: str) -> Fault | None:
        if name not in self.announcements:
            return Fault("illegal-announcement", f"{name!r} is not an announcement here", pos=pos)
        return None

    def check_declaration(
        self, deal: DealT, pos: int, name: str, cards: tuple[int, ...]
    ) -> Fault | None:
        """The cards ``cards`` (possibly empty) a ``declare`` item shows, e.g. the French
        poignée's trumps, after :meth:`check_announcement` accepted ``name``. Default: None."""
        return None

    def check_kontra(self, deal: DealT, pos: int, level: int, target: str) -> Fault | None:
        current = deal.kontras.get(target, 0)
        if not 1 <= level <= self.max_kontra or level != current + 1:
            return Fault(
                "illegal-kontra", f"kontra level {level} on {target} after level {current}", pos=pos
            )
        return None

    def check_excuse_exchange(self, deal: DealT, card: int | None, followed: bool) -> Fault | None:
        """An ``excuse_exchange`` item: the card the Excuse's side gave for it (French Tarot,
        F-9.7; ``card`` None when the record does not know it), checked where the item stands
        in the record; ``followed``: the play so far is known. Default: the variant has no
        Excuse exchange."""
        msg = "excuse_exchange: this variant has no Excuse exchange (French Tarot only, F-9.7)"
        return Fault("excuse-exchange", msg, self.rule_ids.get("excuse-exchange", ""))

    def excuse_exchange(self, deal: DealT, card: int | None) -> None:
        """Keep an ``excuse_exchange`` item's card (after :meth:`check_excuse_exchange`).
        Default: nothing."""
        return None

    def first_leader(self, deal: DealT) -> int:
        return 0

    def dealt_size(self, pos: int) -> int:
        """Cards dealt to position ``pos`` (a complete ``hand`` line has this many); default
        :attr:`hand_size` for every position. Ottocento's dealer is dealt 17 (T-4.1)."""
        return self.hand_size

    def trick_policy(self, deal: DealT) -> TrickPolicy:
        return TrickPolicy()

    def trick_extra(self, deal: DealT, number: int) -> tuple[int, ...]:
        """Cards added to trick ``number`` (1-based) that go to its winner; default none."""
        return ()

    def trick_winner(self, deal: DealT, cards: tuple[int, ...]) -> int:
        """Position within ``cards`` (0 = leader) of the winning card."""
        return trick_winner(cards, self.tables, deal.policy)

    def is_decided(self, deal: DealT) -> bool:
        """True when play may stop before the last trick (the outcome can no longer change)."""
        return False

    @abstractmethod
    def score(self, deal: DealT) -> Score:
        """The finished deal's score. Raise ValueError when it cannot be computed."""

    def penalty_score(
        self, deal: DealT, offender: int, kontra: int, *, accused: int | None = None
    ) -> Score | None:
        """The deal's score when ``offender`` pays a renons kontra'd ``kontra`` times (SL-13):
        the proven offender, or (with ``accused`` given) a claimant who could not prove his
        claim against ``accused``. None when the ruleset has no renons penalty."""
        return None

    def match_rule(self) -> MatchRule | None:
        """The rule the verifier follows across the deals of a match (this preset's, so it
        may depend on options); None when the family has none."""
        return None

    def score_outcome(self, outcome: Outcome, seats: Sequence[str]) -> Score | None:
        """The score of a deal known only by its outcome (a score-only record, see
        :mod:`tarokpgn.outcome`): ``seats`` are the seat labels by position (forehand first),
        the :class:`Score` is keyed by position like :meth:`score`'s. None when this ruleset
        (or this contract, e.g. klop) cannot be scored from an outcome. Raise ValueError for
        an outcome the ruleset's rules cannot hold (a contract it does not play, a bonus it
        does not know, a partner in a game played alone)."""
        return None


def _overrides(cls: type[Ruleset[Any]], hook: str) -> bool:
    """True when ``cls`` has its own ``hook`` instead of :class:`Ruleset`'s default, so the
    engine need not call a default hook whose answer it knows."""
    return bool(getattr(cls, hook) is not getattr(Ruleset, hook))


# --- registry ----------------------------------------------------------------------------------

_REGISTRY: dict[str, list[type[Ruleset[Any]]]] = {}
_INSTANCES: dict[tuple[str, str, tuple[tuple[str, str], ...]], Ruleset[Any]] = {}
_R = TypeVar("_R", bound=type[Ruleset[Any]])


def register(cls: _R) -> _R:
    """Class decorator: make ``cls`` findable by :func:`find_ruleset` for its variants (a
    plug-in family registers its class so; its variants go in :mod:`tarokpgn.variants`)."""
    for variant in cls.variants:
        _REGISTRY.setdefault(variant, []).append(cls)
    _INSTANCES.clear()
    return cls


def _load_plugins() -> None:
    """Import the built-in families' engines (``tarokpgn.rules.<family>``), which register
    themselves."""
    for name in BUILTIN_FAMILIES:
        try:
            importlib.import_module(f"tarokpgn.rules.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"tarokpgn.rules.{name}":
                raise


def find_ruleset(
    variant: str, name: str | None = None, overrides: Mapping[str, str] | None = None
) -> Ruleset[Any]:
    """The ruleset ``name`` (default: the variant's first preset) for ``variant``, with
    ``overrides`` of single options applied. Raises :class:`OptionError` for unknown names.

    Instances are cached and shared: a ruleset must keep no per-deal state (that belongs in
    the :class:`~tarokpgn.rules.state.DealState`)."""
    given = tuple(sorted(overrides.items())) if overrides else ()
    cache_key = (variant, (name or "").lower(), given)
    cached = _INSTANCES.get(cache_key)
    if cached is not None:
        return cached
    if variant not in _REGISTRY:
        _load_plugins()
    classes = _REGISTRY.get(variant)
    if not classes:
        raise OptionError(f"no rules engine for variant {variant!r}")
    key = (name or "").lower()
    for cls in classes:
        if not key or key in cls.presets or key in cls.aliases:
            ruleset = cls(key or None, overrides)
            if len(_INSTANCES) < 1024:
                _INSTANCES[cache_key] = ruleset
            return ruleset
    known = sorted({p for cls in classes for p in cls.presets})
    raise OptionError(f"unknown ruleset {name!r} for {variant} (known: {', '.join(known)})")


def rulesets(variant: str) -> list[str]:
    """Preset names available for ``variant``."""
    if variant not in _REGISTRY:
        _load_plugins()
    return [p for cls in _REGISTRY.get(variant, []) for p in cls.presets]
