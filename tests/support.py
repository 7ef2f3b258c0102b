"""What several test files share: hypothesis strategies, a student's minimax, and independent oracles.

Every oracle here is written from its source (a textbook, a paper), never from mmlib's code or output, so
a test that compares mmlib with it can fail.  Test files import it as ``from support import ...``
(pytest puts ``tests/`` on the import path: ``pythonpath`` in pyproject.toml); ``tests/conftest.py``
offers the student functions as fixtures too.
"""

from __future__ import annotations

import ast
import contextlib
import functools
import http.server
import inspect
import math
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hypothesis import strategies as st


def nested_trees(leaves: st.SearchStrategy[Any] | None = None, *, max_children: int = 4,
                 max_leaves: int = 40) -> st.SearchStrategy[Any]:
    """Game trees as nested lists: a leaf is a value, an inner node the list of its 1..max_children
    children.  Few leaf values (the default is -4..4) give many ties, where > and >= cutoffs differ.

    >>> from hypothesis import find
    >>> find(nested_trees(max_leaves=5), lambda t: isinstance(t, list) and len(t) == 3)
    [0, 0, 0]
    """
    values = st.integers(-4, 4) if leaves is None else leaves
    return st.recursive(values, lambda kids: st.lists(kids, min_size=1, max_size=max_children),
                        max_leaves=max_leaves)


def knuth_moore(b: int, d: int) -> int:
    """Leaves of the minimal tree of a uniform tree with branching b and depth d (Knuth & Moore 1975).

    >>> knuth_moore(3, 2), knuth_moore(4, 8)
    (5, 511)
    """
    return b ** math.ceil(d / 2) + b ** math.floor(d / 2) - 1



def ghost_graph() -> Any:
    """MAX, then two MIN agents in turn (CS 188's Pacman and two ghosts), then MAX again, as a networkx
    graph rooted at "A" whose nodes carry a "player" and the leaves a "value"."""
    import networkx as nx
    graph = nx.DiGraph()
    players = {"A": "MAX", "B": "MIN", "C": "MIN", "D": "MIN", "E": "MIN", "F": "MAX", "G": "MAX",
               "H": "MAX"}
    for parent, kids in {"A": "BC", "B": "D", "C": "E", "D": "FG", "E": "H"}.items():
        for kid in kids:
            graph.add_edge(parent, kid)
    for node, player in players.items():
        graph.nodes[node]["player"] = player
    for leaf, value in {"F": 4, "G": 9, "H": 1}.items():
        graph.nodes[leaf]["value"] = value
    return graph

# -- what a student writes in lab 1: the lecture's pseudocode on the lab's node type ----------------

def minimax(node, depth, maximizing):
    if depth == 0 or node.is_leaf():
        return node.value
    values = [minimax(c, depth - 1, not maximizing) for c in node.children]
    return max(values) if maximizing else min(values)


#: The same function as source text, for a kernel or a submitted notebook.
MINIMAX_SOURCE = inspect.getsource(minimax)


# -- what a student writes in lab 2 --------------------------------------------------------------

def alphabeta(node, depth, alpha, beta, maximizing):
    if depth == 0 or node.is_leaf():
        return node.value
    best = -math.inf if maximizing else math.inf
    for child in node.children:
        score = alphabeta(child, depth - 1, alpha, beta, not maximizing)
        if maximizing:
            best, alpha = max(best, score), max(alpha, score)
        else:
            best, beta = min(best, score), min(beta, score)
        if alpha >= beta:
            break
    return best


NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
_CODE_CELL = re.compile(r"^```\{code-cell\}[^\n]*\n(.*?)^```$", re.S | re.M)


def lecture_functions(lecture: str, *names: str) -> dict[str, Any]:
    """The functions ``names`` as the lecture ``NN_<lecture>.md`` writes them out, to test them against mmlib:
    the definitions and imports of its code cells that define one of them, run in one namespace (with math,
    operator and random imported).  The lecture's number is not named, so renumbering keeps it.

    >>> sorted(lecture_functions("beyond_alpha_beta", "mtdf", "sss_star"))
    ['mtdf', 'sss_star']
    """
    (path,) = NOTEBOOKS.glob(f"[0-9][0-9]_{lecture}.md")
    namespace: dict[str, Any] = {}
    exec("import math, operator, random", namespace)
    for cell in _CODE_CELL.findall(path.read_text(encoding="utf-8")):
        if not any(re.search(rf"^def {name}\(", cell, re.M) for name in names):
            continue
        code = "\n".join(line for line in cell.splitlines() if not line.startswith((":", "%")))
        kept = [node for node in ast.parse(code).body
                if isinstance(node, (ast.FunctionDef, ast.Import, ast.ImportFrom))]
        exec(compile(ast.Module(kept, []), str(path), "exec"), namespace)
    missing = [name for name in names if name not in namespace]
    assert not missing, f"{path.name} writes out no {missing}"
    return {name: namespace[name] for name in names}


@contextlib.contextmanager
def served(folder: Path, handler: type = http.server.SimpleHTTPRequestHandler) -> Iterator[str]:
    """``folder`` served on 127.0.0.1 by ``handler`` in a background thread; yields its address."""
    serving = functools.partial(handler, directory=str(folder))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), serving)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()


def svg_legend_words(svg: str) -> str:
    """The words of an SVG tree drawing's legend (``<g class="legend">``), one space between texts,
    as a reader sees them under the drawing ("" when the drawing has no legend)."""
    import html
    import xml.etree.ElementTree as ET

    if not svg:
        return ""
    root = ET.fromstring(svg[svg.index("<svg"):])
    legends = [g for g in root.iter() if g.tag.endswith("g") and g.get("class") == "legend"]
    texts = [text.text or "" for g in legends for text in g.iter() if text.tag.endswith("text")]
    return html.escape(" ".join(texts))


# -- the explorers' drawings (tests/widgets) ------------------------------------------------------

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]          # AIMA 4th ed. figure 5.2
A_TO_G = [[[3, 5], [6, 9]], [[1, 2], [0, -1]]]   # E. Özbilge 2024, the A–G walkthrough
CS312 = [[[1, 5, 6], [8, 3]], [-100, [1, 100]]]   # Cornell CS 312, Recitation 21: L = -100, W = 100
T1_IN = "ABCDEFGH\nA: BC\nB: DE\nC: FGH\nD 7\nE 5\nF 9\nG 3\nH 1\n"   # the course's t1.in


def shown_svg(widget: Any) -> Any:
    """The SVG drawing an explorer's figure area shows, parsed (it must be well-formed XML)."""
    return svg_in(widget.output.value)


def with_class(svg: Any, *css_classes: str) -> list[Any]:
    """The elements carrying all the given classes."""
    return [e for e in svg.iter() if set(css_classes) <= set(e.get("class", "").split())]


def still_parts(explorer: Any) -> tuple[str, str, str]:
    """The still's caption (HTML) and its picture's alt text and SVG title."""
    import base64
    import xml.etree.ElementTree as ET

    shown = explorer._repr_mimebundle_()["text/html"]
    caption = re.search(r"<figcaption>(.*?)</figcaption>", shown, re.S).group(1)
    alt, data = re.search(r'<img alt="([^"]*)" src="data:image/svg\+xml;base64,([^"]+)"',
                          shown).groups()
    svg = ET.fromstring(base64.b64decode(data))
    return caption, alt, svg.find("{http://www.w3.org/2000/svg}title").text


def is_live_region(status: Any) -> bool:
    """Whether a status line is announced by screen readers (a polite live region with the role "status")."""
    from mmlib.widgets.common import StatusLine

    return isinstance(status, StatusLine) and 'setAttribute("aria-live", "polite")' in status._esm \
        and 'setAttribute("role", "status")' in status._esm


def svg_in(html_text: str) -> Any:
    """The SVG drawing inside a widget's HTML, parsed (it must be well-formed XML)."""
    import xml.etree.ElementTree as ET

    return ET.fromstring(html_text[html_text.index("<svg"):html_text.rindex("</svg>") + len("</svg>")])


def stored_chess_counts(position: str, ordering: str) -> dict[int, tuple[Any, ...]]:
    """The stored chess measurements of one position and ordering, by depth (mmlib.games.chess_counts)."""
    from mmlib.games.chess_counts import COUNTS

    return {row[2]: row[3:] for row in COUNTS if row[:2] == (position, ordering)}


def png_bytes(figure: Any) -> bytes:
    """A matplotlib figure saved as a small PNG (it must draw without an error)."""
    import io

    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=50)
    return buffer.getvalue()


def chain(length: int) -> Any:
    """A tree of one leaf (7) under ``length`` single children."""
    nested: Any = 7
    for _ in range(length):
        nested = [nested]
    return nested


def mixed_depths() -> list[Any]:
    """A tree whose leaves lie at depths 1 to 4."""
    return [1, [2, [3, [4, 5]], 6], [[7], 8, [9, [10, 11, 12]]]]


# trees at the edges of what a drawing meets (tests/draw)
EDGE_CASES = {
    "single leaf": 4,
    "chain": chain(6),
    "mixed depths": mixed_depths(),
    "150 leaves": [[[i * 10 + j for j in range(5)] for i in range(k * 3, k * 3 + 3)] for k in range(10)],
    "A-G": A_TO_G,
}
