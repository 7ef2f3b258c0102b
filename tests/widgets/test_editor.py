"""The tree editor (mmlib.widgets.editor) driven from code: type a tree, check what is drawn and said."""

from support import A_TO_G, T1_IN, shown_svg, svg_legend_words, with_class

from mmlib import widgets


def test_editor_draws_a_tree_and_reports_the_pruned_leaves():
    editor = widgets.tree_editor()
    assert "mmlib-tree-editor" in editor._dom_classes
    assert "mmlib-editor-text" in editor.text._dom_classes
    editor.text.value = str(A_TO_G)
    assert editor.result.value == 5
    assert editor.message.endswith("pruned leaves: K, N, O.")      # the leaves 9, 0 and −1, by label
    svg = shown_svg(editor)
    pruned = {el.get("data-label") for el in with_class(svg, "node", "pruned") if el.get("data-label")}
    assert {editor.tree.node(label).value for label in pruned if editor.tree.node(label).is_leaf()} \
        == {9, 0, -1}
    assert "≥ 6 / ≤ 2: a bound" in svg_legend_words(editor.svg)             # E ≥ 6 and C ≤ 2, as drawn
    editor.text.value = "[[3, 5], [2, 9]]"                          # C ≤ 2 is its only bound
    assert "≤ 2: a bound" in svg_legend_words(editor.svg) and "≥" not in svg_legend_words(editor.svg)
    editor.text.value = ""
    assert editor.output.value == "" and svg_legend_words(editor.svg) == ""


def test_editor_shows_errors_with_line_numbers_instead_of_tracebacks():
    editor = widgets.tree_editor(T1_IN)
    assert "4 of 5 leaves" in editor.message      # shared README: t1.in, 4 of the 5 leaves
    editor.text.value = "[[3, 12, 8],\n [2, 4 6]]"
    assert editor.message.startswith("line 2, column 6:") and editor.result is None
    assert "color:#b00020" in editor.status.value
    assert editor.output.value == ""                       # no stale drawing under the error
    editor.text.value = "[[3, x], [2, 9]]"
    assert editor.message == "line 1, column 6: `x` is not a number or a list"
    assert "object at 0x" not in editor.message
    editor.text.value = "ABC\nA: BC\nB 3\nC x"
    assert editor.message.startswith("line 4:")
    editor.text.value = "[[1, 2], []]"
    assert "no children" in editor.message
    editor.text.value = ""
    assert editor.message.startswith("Type a nested list")


def test_editor_redraws_while_typing_and_sizes_its_text_box():
    editor = widgets.tree_editor("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
    assert editor.text.continuous_update is True
    first = editor.output.value
    editor.text.value = "[[3, 12, 8], [2, 4, 6], [14, 5, 1]]"
    assert editor.output.value != first and editor.result.value == 3
    svg = shown_svg(editor)
    values = [e.text for e in with_class(svg, "value")]
    assert "≤ 2" in values and "≤ 1" not in values                 # C is a bound (I, J pruned); D = 1 in full
    assert "pruned leaves: I, J" in svg.get("aria-label")
    assert editor.text.layout.width == "100%"
    editor.text.value = "\n".join(["ABCDEFGH", "A: BC", "B: DE", "C: FGH", "D 7", "E 5", "F 9", "G 3", "H 1"])
    assert editor.text.rows >= 10                              # nine lines shown whole
