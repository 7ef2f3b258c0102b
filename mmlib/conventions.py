"""Conventions: the choices on which courses' alpha-beta pseudocode differ, as one value.

Textbooks and lecture notes agree on what alpha-beta computes but not on how they write
it down.  A :class:`Conventions` value names the choices, and the searches
(:mod:`mmlib.search`), the step-through, the drawings, the checkers (:mod:`mmlib.check`)
and the quiz accept it alike:

- ``cutoff``: prune as soon as ``alpha >= beta`` (AIMA 4th ed. §5.3, most lecture notes),
  or only when ``alpha > beta`` (Cornell CS 312, Recitation 21: ``if v > max return max``;
  ties are then searched on);
- ``variant``: ``"fail-soft"`` returns the best value found even outside the window;
  ``"fail-hard"`` clamps a node's result to its window [alpha, beta] (Cornell CS 312's
  ``[min, max]`` form);
- ``root``: who moves at the root, ``"max"`` or ``"min"``;
- ``values``: ``"max"`` when every value is from MAX's point of view; ``"mover"`` when each
  node's value is from the point of view of the side to move there (negamax);
- ``turns``: who moves in one round, in order, repeated down the tree: ``("max", "min")`` is
  the usual two-player game, ``("max", "min", "min")`` one MAX agent against two MIN agents
  moving in turn (the multi-agent minimax of Berkeley CS 188); the round starts with the
  first ``root`` in it;
- ``deep``: True when a bound found two or more levels up prunes too (a deep cutoff);
  False when each node is bounded only by its parent's best value so far (Knuth & Moore
  1975 call this procedure F1; the lecture notes' ``while ... best-so-far < beta`` loop that
  hands ``best-so-far`` down as the child's alpha does exactly this).

>>> Conventions()
Conventions(cutoff='>=', variant='fail-soft', root='max', values='max', turns=('max', 'min'), deep=True)
>>> cs312 = Conventions(cutoff=">", variant="fail-hard")
>>> cs312.describe()
'prune when alpha > beta; fail-hard (results clamped to [alpha, beta]); MAX moves at the root'
>>> Conventions(turns="max min min").layers
('max', 'min', 'min')
>>> Conventions(root="min").layers
('min', 'max')
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any

from . import _validate
from .errors import ArgumentError, ArgumentTypeError

if TYPE_CHECKING:
    from .games.base import AnyGame

__all__ = ["Conventions", "DEFAULT", "CUTOFFS", "VARIANTS", "PLAYERS", "VALUES", "resolve", "apply"]

CUTOFFS = (">=", ">")
VARIANTS = ("fail-soft", "fail-hard")
PLAYERS = ("max", "min")
VALUES = ("max", "mover")


@dataclass(frozen=True)
class Conventions:
    """How a course writes minimax and alpha-beta down (see the module docstring)."""

    cutoff: str = ">="
    variant: str = "fail-soft"
    root: str = "max"
    values: str = "max"
    turns: tuple[str, ...] = ("max", "min")
    deep: bool = True

    def __post_init__(self) -> None:
        _validate.choice("cutoff", self.cutoff, CUTOFFS)
        _validate.choice("variant", self.variant, VARIANTS)
        _validate.choice("root", self.root, PLAYERS)
        _validate.choice("values", self.values, VALUES)
        _validate.flag("deep", self.deep)
        object.__setattr__(self, "turns", _turns(self.turns))
        if self.root not in self.turns:
            raise ArgumentError(f"root: {self.root!r} never moves in turns {self.turns!r}")
        if self.values == "mover" and len(self.turns) != 2:
            raise ArgumentError("values: 'mover' (negamax) negates the value at every level, so "
                                f"it needs two players moving in turn, not turns {self.turns!r}")

    @property
    def layers(self) -> tuple[str, ...]:
        """Who moves on each level, from the root, one round (repeated below)."""
        start = self.turns.index(self.root)
        return self.turns[start:] + self.turns[:start]

    @property
    def usual_turns(self) -> bool:
        """True for the usual two-player game with MAX at the root."""
        return self.layers == ("max", "min")

    @property
    def fail_hard(self) -> bool:
        return self.variant == "fail-hard"

    def describe(self) -> str:
        """The conventions in words (only what differs from a MAX-rooted two-player game is
        named besides the cutoff and the variant)."""
        words = [f"prune when alpha {self.cutoff} beta"]
        words.append("fail-hard (results clamped to [alpha, beta])" if self.fail_hard
                     else "fail-soft (results may lie outside [alpha, beta])")
        words.append(f"{self.root.upper()} moves at the root")
        if self.turns != ("max", "min"):
            words.append("turns " + ", ".join(kind.upper() for kind in self.turns))
        if self.values == "mover":
            words.append("values from the side to move (negamax)")
        if not self.deep:
            words.append("no deep cutoffs (each node bounded by its parent only)")
        return "; ".join(words)


def _turns(turns: Any) -> tuple[str, ...]:
    if isinstance(turns, str):
        turns = tuple(turns.replace(",", " ").split())
    if not isinstance(turns, (tuple, list)) or not turns:
        raise ArgumentTypeError(f"turns: expected players such as ('max', 'min', 'min') or "
                                f"'max min min', got {turns!r}")
    for kind in turns:
        _validate.choice("turns", kind, PLAYERS)
    if len(set(turns)) < 2:
        raise ArgumentError(f"turns: both MAX and MIN must move, got {tuple(turns)!r}")
    if len(turns) > 64:
        raise ArgumentError(f"turns: at most 64 turns per round, got {len(turns)}")
    return tuple(turns)


DEFAULT = Conventions()
"""Prune on ``alpha >= beta``, fail-soft, MAX at the root, values from MAX's view."""


def resolve(conventions: Conventions | None = None, **overrides: Any) -> Conventions:
    """``conventions`` (default :data:`DEFAULT`) with the keywords that are not None put in.

    The searches' own keywords (``cutoff=``, ``variant=``...) mirror the fields; one that is
    given wins over ``conventions``, so a course's conventions can be varied one at a time.

    >>> resolve(cutoff=">").cutoff
    '>'
    >>> resolve(Conventions(variant="fail-hard"), cutoff=">").describe()
    'prune when alpha > beta; fail-hard (results clamped to [alpha, beta]); MAX moves at the root'
    """
    if conventions is None:
        base = DEFAULT
    elif isinstance(conventions, Conventions):
        base = conventions
    else:
        raise ArgumentTypeError(f"conventions: expected a Conventions value, got "
                                f"{type(conventions).__name__}")
    names = {field.name for field in fields(Conventions)}
    given = {}
    for name, value in overrides.items():
        if name not in names:
            raise ArgumentError(f"{name}: not a convention (expected one of {', '.join(sorted(names))})")
        if value is None:
            continue
        given[name] = value
    return replace(base, **given) if given else base


def apply(game: AnyGame, conventions: Conventions) -> Any:
    """``game`` with the players ``conventions`` give it (who moves at the root, the turn
    order), for explicit and generated trees; other games decide for themselves who moves,
    so only the usual MAX-rooted alternation is accepted for them.

    An explicit tree is rebuilt (same labels and values) so that every node knows its
    player and drawings show it; a generated tree is wrapped.

    >>> from mmlib import trees
    >>> tree = apply(trees.from_nested([[3, 5], [2, 9]]), Conventions(root="min"))
    >>> [tree.node(label).player for label in "ABCD"]
    ['MIN', 'MAX', 'MAX', 'MIN']
    >>> three = apply(trees.from_nested([[[1, 2], [3]], [4]]), Conventions(turns="max min min"))
    >>> [three.node(label).player for label in "ABDG"]
    ['MAX', 'MIN', 'MIN', 'MAX']
    """
    if not isinstance(conventions, Conventions):
        raise ArgumentTypeError(f"conventions: expected a Conventions(...), got "
                                f"{_validate.type_name(conventions)}")
    if conventions.usual_turns:
        return game
    from .trees.explicit import Tree, build
    from .trees.generated import _GeneratedTree

    layers = conventions.layers
    if isinstance(game, Tree):
        nodes = game.nodes()
        children = {node.label: [kid.label for kid in node.children] for node in nodes}
        values = {node.label: node.value for node in nodes if node.value is not None}
        players = {node.label: layers[len(node.path) % len(layers)] == "max" for node in nodes}
        return build(children, values, game.root.label, players)
    if isinstance(game, _GeneratedTree):
        return TakingTurns(game, layers)
    raise ArgumentError(f"conventions: root={conventions.root!r}, turns={conventions.turns!r} "
                        f"apply to trees; the game {type(game).__name__} decides itself who moves")


class TakingTurns:
    """A generated tree whose players move in the order ``layers``, repeated by depth."""

    def __init__(self, game: AnyGame, layers: tuple[str, ...]):
        self.game = game
        self.layers = layers

    def is_max(self, node: Any) -> bool:
        return bool(self.layers[node.depth % len(self.layers)] == "max")

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def __repr__(self) -> str:
        return f"{self.game!r} with turns {' '.join(self.layers)}"
