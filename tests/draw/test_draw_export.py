"""One layout, thin painters: the SVG, matplotlib and TikZ painters paint the same scene, partial
drawings of big trees, and TikZ (the files a lecturer takes away: test_export.py)."""

import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET

os.environ.setdefault("MPLBACKEND", "Agg")

import pytest  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from support import A_TO_G, AIMA  # noqa: E402

from mmlib import draw, search, trees  # noqa: E402
from mmlib.draw.svg import LEVEL, TreeSvg  # noqa: E402
from mmlib.draw.tikz import latex_text, tree_tikz  # noqa: E402
from mmlib.draw.tree import TreeView  # noqa: E402
from mmlib.draw.tree_layout import TreeLayout  # noqa: E402
from mmlib.errors import ArgumentError, ArgumentTypeError  # noqa: E402
from mmlib.search import expectiminimax
from mmlib.trace import trace_of  # noqa: E402
from mmlib.trees import layered_tree  # noqa: E402
from mmlib.trees.explicit import build  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"


def _uniform_size(b, d):
    """Nodes of a uniform tree of branching b and depth d: 1 + b + ... + b^d."""
    return sum(b ** k for k in range(d + 1))


# -- one scene for every painter -----------------------------------------------------------------

def _svg_nodes(svg):
    root = ET.fromstring(svg)
    return {e.get("data-label"): e.get("class").split() for e in root.iter()
            if "node" in (e.get("class") or "").split()}


@pytest.mark.parametrize("nested", [AIMA, A_TO_G], ids=["AIMA", "A-G"])
@pytest.mark.parametrize("step", [None, 5, 11])
def test_svg_matplotlib_and_tikz_paint_the_same_pruned_nodes_and_values(nested, step):
    result = search.alphabeta(nested, trace=True)
    tree = result.game
    marks = trace_of(result).marks(step)
    expected_pruned = {tree.label_of(p) for p in marks.pruned}
    svg_nodes = _svg_nodes(TreeSvg(tree).show(marks))
    assert {label for label, classes in svg_nodes.items() if "pruned" in classes} == expected_pruned
    view = TreeView(tree)
    view.show(marks)
    faded = set()
    for kind, paths in view.groups.items():
        for path, colour in zip(paths, view.node_artists[kind].get_facecolor(), strict=True):
            if colour[3] < 0.4:
                faded.add(tree.label_of(path))
    assert faded == expected_pruned
    tikz = tree_tikz(tree, marks)
    tikz_faded = set(re.findall(r"% node (\S+) \([^)]*\)[^\n]*\n[^\n]*fill opacity=0\.35", tikz))
    assert tikz_faded == expected_pruned
    inner_values = {marks.value_text(n.path) for n in tree.nodes() if not n.is_leaf()} - {""}
    mpl_texts = {t.get_text() for t in view.value_texts.values()}
    svg_texts = {e.text for e in ET.fromstring(TreeSvg(tree).show(marks)).iter(f"{SVG}text")}
    assert inner_values <= mpl_texts and inner_values <= svg_texts
    assert {latex_text(v) for v in inner_values} <= set(re.findall(r"\{([^{}]*)\};", tikz))


def test_every_painter_places_nodes_where_the_layout_says():
    frame = TreeLayout(A_TO_G)
    view, svg = TreeView(A_TO_G), TreeSvg(A_TO_G)
    assert view.positions == frame.positions
    slot = svg.slot
    for path, (x, y) in frame.positions.items():
        sx, sy = svg.xy[path]
        assert sx == pytest.approx(svg.left_margin + slot * x) and sy == pytest.approx(svg.top - LEVEL * y)
    lines = tree_tikz(A_TO_G, legend=False).splitlines()
    for path, (x, y) in frame.positions.items():
        label = frame.tree.label_of(path)
        shape = lines[lines.index(next(line for line in lines if line.startswith(f"  % node {label} ("))) + 1]
        centre = f"{x:g},{y:g})"
        assert shape.startswith("  \\filldraw[") and (f"]{centre}" in shape or f" ({centre}" in shape), shape


def test_the_legend_and_the_words_are_the_same_in_svg_and_matplotlib():
    result = search.alphabeta(AIMA, trace=True)
    figure = draw.draw_tree(result)
    svg = draw.tree_svg(result)
    legend = [t.get_text() for t in figure.axes[0].get_legend().get_texts()]
    svg_legend = [e.text for e in ET.fromstring(svg).find(f"{SVG}g[@class='legend']").iter(f"{SVG}text")
                  if len(e.text) > 1]
    assert [w for w in legend if len(w) > 1] == svg_legend
    assert draw.figure_alt(figure) == ET.fromstring(svg).get("aria-label") == trace_of(result).describe()


# -- too big: what to draw instead ---------------------------------------------------------------

def test_a_too_big_tree_is_refused_with_a_depth_and_a_subtree_that_fit():
    size = _uniform_size(4, 6)                                         # 5,461
    with pytest.raises(ArgumentError) as refusal:
        draw.draw_tree(trees.uniform(4, 6))
    message = str(refusal.value)
    assert f"{size:,} nodes" in message and "max_nodes=400" in message
    assert f"max_depth=4 ({_uniform_size(4, 4):,} nodes)" in message
    assert f"root='F' ({_uniform_size(4, 4):,} nodes)" in message


@settings(max_examples=25, deadline=None)
@given(b=st.integers(2, 4), d=st.integers(2, 6), limit=st.integers(5, 400))
def test_the_advice_of_a_refusal_is_followed_and_fits(b, d, limit):
    tree = trees.uniform(b, d)
    if _uniform_size(b, d) <= limit:
        assert len(TreeLayout(tree, max_nodes=limit).nodes) == _uniform_size(b, d)
        return
    with pytest.raises(ArgumentError) as refusal:
        TreeLayout(tree, max_nodes=limit)
    message = str(refusal.value)
    depths = re.findall(r"max_depth=(\d+)", message)
    fitting = max(k for k in range(d + 1) if _uniform_size(b, k) <= limit)
    if fitting >= 1:
        assert depths == [str(fitting)]
        frame = TreeLayout(tree, max_depth=fitting, max_nodes=limit)
        assert len(frame.nodes) == _uniform_size(b, fitting) and len(frame.cut) == b ** fitting
    roots = re.findall(r"root='(\w+)'", message)
    if roots:
        assert len(TreeLayout(tree, root=roots[0], max_nodes=limit).nodes) <= limit


def test_a_depth_limited_drawing_shows_the_whole_trees_values_and_marks_the_cut():
    frame = TreeLayout(A_TO_G, max_depth=1)
    scene = frame.scene()
    # by hand: B = min(max(3, 5), max(6, 9)) = 5, C = min(max(1, 2), max(0, -1)) = 0, A = 5
    assert [(m.label, m.value, m.cut) for m in scene.nodes] == [("A", "5", False), ("B", "5", True),
                                                                 ("C", "0", True)]
    assert any(e.glyph == "cut" for e in scene.legend)
    svg = draw.tree_svg(A_TO_G, max_depth=1)
    assert svg.count('class="cut"') == 2 and "top 2 levels" in ET.fromstring(svg).get("aria-label")
    figure = draw.draw_tree(A_TO_G, max_depth=1)
    assert sum(t.get_text() == "⋯" for t in figure.axes[0].texts) == 2
    assert tree_tikz(A_TO_G, max_depth=1).count(r"$\cdots$}") == 2


def test_a_subtree_is_drawn_from_its_root_with_the_searchs_marks():
    result = search.alphabeta(A_TO_G, trace=True)
    for root in ("C", (1,)):
        frame = TreeLayout(result.game, root=root)
        assert frame.positions[(1,)] == (1.5, 0.0) and len(frame.nodes) == 7
        scene = frame.scene(result)
        assert scene.node((1,)).value == "≤ 2"                      # C: 2 from L, then G is cut off
        assert [frame.tree.label_of(e.child) for e in scene.crosses] == ["G"]
    figure = draw.draw_tree(result, root="C")
    assert "subtree of C" in draw.figure_alt(figure)


@pytest.mark.parametrize("options,error,name", [
    ({"root": "Z"}, ArgumentError, "root"), ({"root": 3}, ArgumentTypeError, "root"),
    ({"max_depth": -1}, ArgumentError, "max_depth"), ({"max_depth": 1.5}, ArgumentTypeError, "max_depth"),
    ({"max_nodes": 0}, ArgumentError, "max_nodes"), ({"step": 3}, ArgumentError, "step"),
])
def test_bad_drawing_options_raise_mmlib_errors_naming_them(options, error, name):
    for painter in (draw.draw_tree, draw.tree_svg, tree_tikz):
        with pytest.raises(error, match=name):
            if "step" in options:
                draw.draw_tree(A_TO_G, **options)
            else:
                painter(A_TO_G, **options)


def test_a_step_beyond_the_search_is_refused():
    result = search.alphabeta(AIMA, trace=True)
    with pytest.raises(ArgumentError, match="step"):
        draw.draw_tree(result, step=len(result.trace) + 1)
    assert draw.draw_tree(result, step=len(result.trace)).axes[0].get_title().endswith(
        f"step {len(result.trace)} of {len(result.trace)}")


# -- TikZ ------------------------------------------------------------------------------------------

def _balanced(text, opening, closing):
    depth = 0
    for match in re.finditer(r"\\.|.", text, flags=re.S):
        token = match.group()
        if token == opening:
            depth += 1
        elif token == closing:
            depth -= 1
            if depth < 0:
                return False
    return depth == 0


@pytest.mark.parametrize("subject", ["AIMA", "A-G step", "chance", "odd labels"])
def test_tikz_is_one_well_formed_picture(subject):
    if subject == "AIMA":
        tikz = tree_tikz(search.alphabeta(AIMA, trace=True), windows=True, title="AIMA figure 5.2 & 50%")
    elif subject == "A-G step":
        tikz = tree_tikz(search.alphabeta(A_TO_G, trace=True), step=9, windows=True)
    elif subject == "chance":
        dice = layered_tree([[(0.9, [2, 2]), (0.1, [3, 3])], [(0.9, [1, 1]), (0.1, [4, 4])]],
                            layers="max chance min")
        tikz = tree_tikz(expectiminimax(dice, pruning="star1", trace=True), windows=True)
    else:
        odd = build({"a_1": ["b#2", "c$3"], "b#2": ["{d}", "50%"], "c$3": ["\\e", "f&g~^"]},
                          {"{d}": 1, "50%": 2, "\\e": 3, "f&g~^": 4}, "a_1")
        tikz = tree_tikz(odd)
    lines = tikz.splitlines()
    assert lines[0].startswith("% ") and lines[1].startswith(r"\begin{tikzpicture}[")
    assert lines[-1] == r"\end{tikzpicture}" and tikz.count(r"\begin{tikzpicture}") == 1
    body = "\n".join(line for line in lines if not line.lstrip().startswith("%"))
    assert _balanced(body, "{", "}") and _balanced(body, "[", "]") and _balanced(body, "(", ")")
    assert body.isascii(), sorted({c for c in body if not c.isascii()})
    for line in lines[2:-1]:
        if line.lstrip().startswith("%"):
            continue
        assert line.rstrip().endswith(";") or line.lstrip().startswith(r"\definecolor"), line
        assert len(re.findall(r"(?<!\\)\$", line)) % 2 == 0, line      # math opened and closed
        assert re.match(r"\s*\\(draw|filldraw|node|definecolor)\b", line), line
    defined = set(re.findall(r"\\definecolor\{(\w+)\}", tikz))
    used = set(re.findall(r"(?:fill|color|draw)=(mm\w+)", tikz))
    assert used <= defined


def test_tikz_marks_pruned_edges_dotted_and_the_pv_thick():
    result = search.alphabeta(AIMA, trace=True)
    tikz = tree_tikz(result)
    tree_part = tikz.split("% legend")[0]
    assert tree_part.count("color=mmpruned, dotted") == 2               # the edges to I and J
    assert tree_part.count(r"\draw[color=mmpv, line width=2.4pt]") == 2  # A-B and B-E
    assert r"{$\leq$ 2}" in tikz
    escaped = tree_tikz(build({"a_1": ["b", "c"]}, {"b": 1, "c": 2}, "a_1"), legend=False)
    assert r"{a\_1}" in escaped


@pytest.mark.slow     # runs pdflatex; the TikZ text itself is checked by the tests above
def test_tikz_compiles_with_pdflatex(tmp_path):
    if shutil.which("pdflatex") is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("pdflatex must be installed in CI (.ci/run installs texlive)")
        pytest.skip("pdflatex is not installed here (Debian: texlive-latex-base texlive-pictures)")
    dice = layered_tree([[(0.9, [2, 2]), (0.1, [3, 3])], [(0.9, [1, 1]), (0.1, [4, 4])]],
                        layers="max chance min")
    odd = build({"a_1": ["b#2", "c$3"], "b#2": ["{d}", "50%"], "c$3": ["\\e", "f&g~^"]},
                {"{d}": 1, "50%": 2, "\\e": 3, "f&g~^": 4}, "a_1")
    pictures = [tree_tikz(search.alphabeta(AIMA, trace=True), windows=True, title="AIMA figure 5.2 & 50%"),
                tree_tikz(search.alphabeta(A_TO_G, trace=True), step=9, windows=True),
                tree_tikz(expectiminimax(dice, pruning="star1", trace=True), windows=True),
                tree_tikz(odd), tree_tikz(trees.uniform(3, 7), max_depth=2)]
    source = "\\documentclass{article}\n\\usepackage{tikz}\n\\begin{document}\n" + \
        "\n\n\\clearpage\n".join(pictures) + "\n\\end{document}\n"
    (tmp_path / "trees.tex").write_text(source, encoding="utf-8")
    run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "trees.tex"],
                         cwd=tmp_path, capture_output=True, timeout=300)
    log = (tmp_path / "trees.log").read_text(encoding="latin-1")
    assert run.returncode == 0 and "\n! " not in log, log[-3000:]
    assert "Output written on trees.pdf (5 pages" in log


def test_the_subtree_advised_may_sit_below_a_leaf_first_child():
    # A's first child is the leaf B; C (7 nodes) is too big for 4, its first child E (3 nodes) fits
    with pytest.raises(ArgumentError, match=r"root='E' \(3 nodes\)"):
        TreeLayout([1, [[1, 2], [3, 4]], 5], max_nodes=4)
    assert [node.label for node in TreeLayout([1, [[1, 2], [3, 4]], 5], root="E").nodes] == ["E", "G", "H"]


def test_the_layout_and_the_tikz_painter_load_neither_matplotlib_nor_widgets():
    import sys

    code = ("import sys; import mmlib.draw.tree_layout, mmlib.draw.tikz, mmlib.draw.svg; "
            "from mmlib.draw.tikz import tree_tikz; tree_tikz([[3, 5], [2, 9]]); "
            "print(sorted(m for m in ('matplotlib', 'ipywidgets') if m in sys.modules))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"


# -- the legend's examples are marks of the drawing ------------------------------------------------

def _legends(tree_or_result, **options):
    """The legend words of the matplotlib, SVG and TikZ paintings of the same drawing."""
    figure = draw.draw_tree(tree_or_result, **options)
    matplotlib_words = [t.get_text() for t in figure.axes[0].get_legend().get_texts()]
    svg = ET.fromstring(draw.tree_svg(tree_or_result, **options))
    svg_words = [e.text for e in svg.find(f"{SVG}g[@class='legend']").iter(f"{SVG}text") if len(e.text) > 1]
    return matplotlib_words, svg_words, tree_tikz(tree_or_result, **options)


def test_the_bound_entry_shows_the_sides_and_values_the_drawing_has():
    # A = max(min(3, 5), min(2, ...)): C's first leaf 2 <= alpha = 3, so C returns "<= 2" and 9 is pruned
    only_upper = search.alphabeta([[3, 5], [2, 9]], trace=True)
    matplotlib_words, svg_words, latex = _legends(only_upper)
    for words in (matplotlib_words, svg_words):
        assert "≤ 2: a bound, not the exact value" in words and not any("≥" in w for w in words)
    picture = latex.split("\\begin{tikzpicture}", 1)[1]     # (the comment above names the test "α ≥ β")
    assert r"$\leq$ 2: a bound, not the exact value" in picture and r"$\geq$" not in picture
    # A-G: E >= 6 (K pruned) and C <= 2 (G pruned) are its bounds, left to right
    for words in _legends(search.alphabeta(A_TO_G, trace=True))[:2]:
        assert "≥ 6 / ≤ 2: a bound, not the exact value" in words
    exact = search.alphabeta([[3, 5], [6, 9]], trace=True)                 # nothing pruned, no bound
    assert not any("bound" in w for w in _legends(exact)[0])


def test_the_chance_entry_quotes_a_probability_of_the_drawing():
    dice = layered_tree([[(0.9, [2, 2]), (0.1, [3, 3])], [(0.9, [1, 1]), (0.1, [4, 4])]],
                        layers="max chance min")
    matplotlib_words, svg_words, latex = _legends(dice)
    for words in (matplotlib_words, svg_words):
        chance = next(w for w in words if w.startswith("chance"))
        assert "0.9: an outcome's probability" in chance and "1/2" not in chance
    assert "0.9: an outcome's probability" in latex and "1/2" not in latex


def test_order_and_window_entries_only_when_the_drawing_shows_them():
    result = search.alphabeta(AIMA, trace=True)
    with_both = _legends(result, windows=True)
    for words in with_both[:2]:
        assert "order of evaluation" in words and "[α, β]: window on entry" in words
    assert "order of evaluation" in with_both[2] and r"[$\alpha$, $\beta$]: window on entry" in with_both[2]
    for words in _legends(result, leaf_numbers=False)[:2]:
        assert "order of evaluation" not in words and "[α, β]: window on entry" not in words
    assert "window on entry" not in _legends(result, leaf_numbers=False)[2]
    plain = _legends(AIMA)                                          # no search: no order, no window
    assert not any("order" in w or "window" in w for w in plain[0] + plain[1])


def test_edges_end_under_faded_nodes_in_every_painter():
    """A faded (pruned) node is translucent: an opaque white shape under it keeps the dotted edges
    from running across its letter (L read as Ł)."""
    result = search.alphabeta(A_TO_G, trace=True)
    svg = ET.fromstring(draw.tree_svg(result))
    groups = [g.get("class") for g in svg.iter(f"{SVG}g")]
    assert groups.index("edges") < groups.index("nodes")
    shapes = list(svg.find(f"{SVG}g[@class='nodes']"))
    faded = [i for i, e in enumerate(shapes) if "pruned" in (e.get("class") or "").split()]
    assert len(faded) == 4                                           # G, K, N, O
    for i in faded:
        backing = shapes[i - 1]
        assert backing.get("class") == "backing" and backing.get("fill") == "#ffffff"
        assert backing.tag == shapes[i].tag and backing.get("fill-opacity") is None
    latex = tree_tikz(result).splitlines()
    for i, line in enumerate(latex):
        if "fill opacity=" in line:
            backing = latex[i - 2]                                   # then the node's comment
            assert backing.startswith("  \\filldraw[fill=white, draw=white]")
            assert backing.split("]", 1)[1] == line.split("]", 1)[1]
    first_node = next(i for i, line in enumerate(latex) if line.startswith("  % node"))
    assert latex.index("  % edges") < first_node and not any("% cross" in line for line in latex[first_node:])
    view = TreeView(result.game)
    view.show(draw.marks_from_result(result))
    backings = [c for c in view.ax.collections if c.get_zorder() == 1.5]
    assert backings and all((c.get_facecolors()[:, :3] == 1).all() for c in backings)
    assert view.edges.get_zorder() < 1.5 < min(a.get_zorder() for a in view.node_artists.values())
