"""Interactive explorers for JupyterLab (ipywidgets 8): watch the search happen.

Each function returns a widget (display it as a cell's value).  Controls are exposed as
attributes (``slider``, ``buttons``, ``status``...) so that they can be driven from code.

>>> from mmlib import widgets
>>> explorer = widgets.step_through([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> explorer.next.click()
>>> explorer.slider.value
1
"""

from .connect4 import play_connect4
from .editor import tree_editor
from .growth import growth_explorer
from .orderings import orderings_explorer, quality_explorer
from .practice import practice
from .slider import FractionSlider, Slider
from .step import step_through
from .tictactoe import play_tictactoe

__all__ = ["step_through", "growth_explorer", "orderings_explorer", "quality_explorer", "tree_editor",
           "play_tictactoe", "play_connect4", "practice", "Slider", "FractionSlider", "chess_explorer"]


def __getattr__(name: str) -> object:
    """``widgets.chess_explorer`` is imported when first asked for: it needs python-chess
    (``mmlib[chess]``)."""
    if name == "chess_explorer":
        from .chess import chess_explorer
        return chess_explorer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
