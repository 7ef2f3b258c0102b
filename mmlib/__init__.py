"""mmlib: a teaching lab for adversarial search.

Game trees (:mod:`mmlib.trees`), games (:mod:`mmlib.games`), instrumented search
(:mod:`mmlib.search`) and analysis (:mod:`mmlib.analysis`).  Drawings and widgets live in
:mod:`mmlib.draw` and :mod:`mmlib.widgets` and import matplotlib / ipywidgets when used.

>>> from mmlib import search, trees
>>> search.alphabeta(trees.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).value
3
"""

from . import analysis, errors, games, ordering, search, table, trees
from .errors import MmlibError

__version__ = "0.1.0"

__all__ = ["analysis", "errors", "games", "ordering", "search", "table", "trees", "MmlibError", "__version__"]
