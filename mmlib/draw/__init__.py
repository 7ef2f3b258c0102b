"""Drawings: game trees, search annotations, tic-tac-toe boards and growth plots.

Every ``draw_*`` function returns a :class:`matplotlib.figure.Figure` made without pyplot,
so nothing is shown twice in a notebook and tests can render it with the Agg backend;
``tree_svg`` and ``log_plot_svg`` return SVG text instead, for the explorers' quick redraws
(one plot painter, :mod:`mmlib.draw.lineplot`, paints the explorers' plots and ``log_plot_svg``),
``tree_tikz`` a TikZ picture for LaTeX, and ``tree_picture`` a drawing a notebook shows as SVG.
A tree is laid out once (:mod:`mmlib.draw.tree_layout`) and every painter paints that same scene;
what a search did is read from :mod:`mmlib.trace`; the drawings only paint it.  ``export``
writes a drawing to SVG, PDF, PNG or TikZ, ``save_steps_gif`` a step-through as an animated
GIF.  In a notebook, every figure is shown with a text alternative (:mod:`mmlib.draw.display`).

>>> from mmlib import draw
>>> type(draw.draw_tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).__name__
'Figure'
"""

from . import style
from .boards import draw_board, draw_game_tree, game_tree
from .connect4 import draw_connect4
from .display import figure_alt, set_alt, show_figures_with_alt_text
from .export import TreePicture, export, save_steps_gif, tree_picture
from .plots import add_band, average_rows, label_ends, legend_below, plot_ebf, plot_growth
from .svg import TreeSvg as TreeSvg
from .svg import log_plot_svg, tree_svg
from .tikz import tree_tikz
from .tree import Marks as Marks
from .tree import TreeView as TreeView
from .tree import (
    describe_drawing,
    draw_tree,
    draw_trees,
    format_value,
    layout,
    marks_from_result,
    pruned_leaves,
)
from .tree_layout import Scene, TreeLayout

# Marks (the model's facts), TreeView and TreeSvg (the painters draw_tree and tree_svg build)
# stay importable here for the widgets but are not in __all__: students call draw_tree and tree_svg.

__all__ = [
    "draw_tree",
    "draw_trees",
    "draw_board",
    "draw_game_tree",
    "draw_connect4",
    "plot_growth",
    "plot_ebf",
    "add_band",
    "legend_below",
    "label_ends",
    "style",
    "layout",
    "format_value",
    "pruned_leaves",
    "marks_from_result",
    "game_tree",
    "average_rows",
    "tree_svg",
    "log_plot_svg",
    "describe_drawing",
    "set_alt",
    "figure_alt",
    "export",
    "save_steps_gif",
    "tree_picture",
    "TreePicture",
    "tree_tikz",
    "TreeLayout",
    "Scene",
]

show_figures_with_alt_text()
