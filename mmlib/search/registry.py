"""The one list of searches: each family described once (:data:`FAMILIES`), and found by any of its names.

Every view that offers a choice of search (the step-through explorer, the sweeps, the compiled
counts, the comparison with the minimal tree, the drawings' titles, the trace's replay) reads it
from here, so a new family is its module, one :class:`Family` entry here and its tests.

>>> family("SSS*").function.__name__, family("sss_star").kind, family("MTD(f)").display
('sss_star', <Kind.SSS: 'sss*'>, 'MTD(f)')
>>> family("PVS").passes, family("alpha-beta").passes
(True, False)
>>> family("alphabeta (fail-hard, >)").name, family(Kind.STAR1).chance
('alphabeta', True)
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from ..errors import ArgumentError, ArgumentTypeError, printable
from .alphabeta import alphabeta, negamax
from .chance import expectimax, expectiminimax
from .deepening import anytime, iterative_deepening
from .mcts import mcts
from .minimax import minimax
from .quiescence import quiescence
from .results import ALPHABETA_NAMES, Kind
from .windows import aspiration, mtdf, pvs, sss_star

if TYPE_CHECKING:
    from ..games.base import AnyGame

__all__ = ["Family", "FAMILIES", "family", "canonical", "names"]


@dataclass(frozen=True)
class Family:
    """One family of searches.

    ``kind`` names it (its ``value`` is the name its results carry); ``function`` searches a
    game or tree; ``display`` is its name in a table or a legend.  ``windows``: its drawings
    show each node's [α, β] window; ``passes``: it searches the start several times
    (null-window tests or re-searches); ``guess``: it starts from a first guess of the value;
    ``chance``: it averages chance nodes; ``monte_carlo``: it samples (iterations, not a
    full-width tree); ``compiled``: :mod:`mmlib.fastcount` has its compiled twin;
    ``traced``: :mod:`mmlib.trace` replays its transcript; ``stepped``: the step-through
    explorer offers it; ``sweeps``: :func:`mmlib.analysis.sweep` measures it (a full-width
    search with a node and a time budget); ``variant``: how its values are returned when a
    result does not say (``"minimax"``: no window; ``"fail-soft"``); ``aliases``: other
    spellings a user may type.
    """

    kind: Kind
    function: Callable[..., Any]
    display: str
    windows: bool = False
    passes: bool = False
    guess: bool = False
    chance: bool = False
    monte_carlo: bool = False
    compiled: bool = False
    traced: bool = True
    stepped: bool = True
    sweeps: bool = False
    variant: str = "fail-soft"
    aliases: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        """The family's name, as its results carry it: ``"sss*"``, ``"pvs"``."""
        return self.kind.value

    def search(self, game: AnyGame, **settings: Any) -> Any:
        """Search ``game`` with those of ``settings`` this family takes (a setting None is left
        out): a view passes everything it offers, and each family reads what it understands.

        >>> family("mtdf").search([[3, 12, 8], [2, 4, 6]], guess=3, delta=0.1, alpha=None).value
        3
        """
        taken = inspect.signature(self.function).parameters
        return self.function(game, **{key: value for key, value in settings.items()
                                      if value is not None and key in taken})


FAMILIES: tuple[Family, ...] = (
    Family(Kind.MINIMAX, minimax, "minimax", compiled=True, sweeps=True, variant="minimax"),
    Family(Kind.ALPHABETA, alphabeta, "alpha-beta", windows=True, compiled=True, sweeps=True,
           aliases=("alpha_beta",)),
    Family(Kind.NEGAMAX, negamax, "negamax", stepped=False, sweeps=True),
    Family(Kind.QUIESCENCE, quiescence, "quiescence", stepped=False),
    Family(Kind.EXPECTIMAX, expectimax, "expectimax", chance=True, variant="minimax"),
    Family(Kind.EXPECTIMINIMAX, expectiminimax, "expectiminimax", chance=True, variant="minimax"),
    Family(Kind.STAR1, partial(expectiminimax, pruning="star1"), "Star1", windows=True, chance=True),
    Family(Kind.STAR2, partial(expectiminimax, pruning="star2"), "Star2", windows=True, chance=True),
    Family(Kind.ASPIRATION, aspiration, "aspiration", windows=True, passes=True, guess=True),
    Family(Kind.PVS, pvs, "PVS", windows=True, passes=True),
    Family(Kind.MTDF, mtdf, "MTD(f)", passes=True, guess=True, aliases=("mtd(f)", "mtd-f")),
    Family(Kind.SSS, sss_star, "SSS*", passes=True, aliases=("sss",)),
    Family(Kind.MCTS, mcts, "Monte Carlo tree search", monte_carlo=True, variant="minimax"),
    Family(Kind.ITERATIVE_DEEPENING, iterative_deepening, "iterative deepening", traced=False, stepped=False,
           aliases=("iterative deepening", "id")),
    Family(Kind.ANYTIME, anytime, "anytime", traced=False, stepped=False),
)
"""Every family of searches, in the order the views list them."""


_BY_NAME: dict[str, Family] = {}
for _about in FAMILIES:
    for _name in (_about.name, getattr(_about.function, "__name__", _about.name), _about.display,
                  *_about.aliases):
        _BY_NAME.setdefault(_name.lower(), _about)
_BY_NAME.update({name: _BY_NAME["alphabeta"] for name in ALPHABETA_NAMES})
del _about, _name


def family(name: str | Kind) -> Family:
    """The family a name stands for: its kind, its name (``"sss*"``), its function's name
    (``"sss_star"``), its display name (``"SSS*"``), an alias, or a result's name
    (``"alphabeta (fail-soft, >=)"``); case does not matter.

    >>> family("PVS") is family("pvs") is family(Kind.PVS)
    True
    >>> family("minimaxx")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mmlib.errors.ArgumentError: algorithm: unknown 'minimaxx'; expected one of minimax, alphabeta, ...
    """
    if isinstance(name, Kind):
        return _BY_KIND[name]
    if not isinstance(name, str):
        raise ArgumentTypeError(f"algorithm: expected the name of a search, got {printable(name)}")
    found = _BY_NAME.get(name.lower()) or _BY_NAME.get(name)
    if found is None:
        raise ArgumentError(f"algorithm: unknown {name!r}; expected one of {', '.join(names())}")
    return found


def canonical(name: str) -> Any:
    """The family's own name when ``name`` is another spelling of one (``"SSS*"`` → ``"sss*"``);
    anything else unchanged, for the caller to check against its own choices.

    >>> canonical("Alpha-Beta"), canonical("alphabeta-strict"), canonical(3)
    ('alphabeta', 'alphabeta-strict', 3)
    """
    found = _BY_NAME.get(name.lower()) if isinstance(name, str) else None
    return name if found is None or name in ALPHABETA_NAMES else found.name


def names(**wanted: bool) -> tuple[str, ...]:
    """The names of the families with the properties ``wanted`` (``passes=True``, ``stepped=True``...),
    in the order of :data:`FAMILIES`.

    >>> names(compiled=True)
    ('minimax', 'alphabeta')
    """
    for key in wanted:
        if key not in Family.__dataclass_fields__:
            raise ArgumentError(f"{key}: not a property of a family; expected one of "
                                f"{', '.join(Family.__dataclass_fields__)}")
    return tuple(about.name for about in FAMILIES
                 if all(getattr(about, key) == value for key, value in wanted.items()))


_BY_KIND: dict[Kind, Family] = {about.kind: about for about in FAMILIES}
