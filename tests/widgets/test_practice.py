"""The practice widget driven from code: right answers score, wrong ones get the right reason,
a fresh question is a new tree, bad input is refused with a message.

The figures are worked by hand on the A–G walkthrough (E. Özbilge 2024): MAX root A, MIN
nodes B, C, MAX nodes D, E, F, G, leaves H..O = 3 5 6 9 1 2 0 −1.  D = 5, so B's β = 5; E
sees J = 6 ≥ 5 and prunes K; A's α = 5; F = 2 ≤ 5, so C prunes G (leaves N, O).  Leaves
evaluated: H I J L M.  Windows on entry: B, D [−∞, +∞]; E [−∞, 5]; C, F [5, +∞].
"""

import math
import os
import re

os.environ.setdefault("MPLBACKEND", "Agg")

import pytest  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from mmlib import search, trees, widgets  # noqa: E402
from mmlib.errors import ArgumentError, ArgumentTypeError  # noqa: E402
from mmlib.trace import trace_of  # noqa: E402
from mmlib.widgets.practice import MODES, Practice, PracticeRound, first_question, parse_bound  # noqa: E402

A_TO_G = [[[3, 5], [6, 9]], [[1, 2], [0, -1]]]
INF = math.inf


class GivenTree:
    """What a round reads of a quiz question (its number, tree and search), for a tree of our own."""

    def __init__(self, nested):
        self.seed = 0
        self.tree = trees.from_nested(nested)
        self.model = trace_of(search.alphabeta(self.tree, trace=True))


def a_to_g(mode: str) -> PracticeRound:
    return PracticeRound(GivenTree(A_TO_G), mode)


def on_a_to_g(mode: str) -> Practice:
    """The widget showing the A–G tree (its first question replaced, as a fresh one would be)."""
    drill = widgets.practice(mode=mode)
    drill.round = a_to_g(mode)
    drill.view = type(drill.view)(drill.round.tree, min_width=880, windows=True)
    drill._build_leaf_buttons()
    drill.show()
    return drill


def cutoff_sentence(drill: PracticeRound, at: str) -> str:
    model = drill.model
    k = next(k for k, e in enumerate(model.events) if e.kind == "cutoff" and model.label(e.path) == at)
    return model.sentence(k)


def tells(text: str, sentence: str) -> bool:
    """``sentence`` is said in ``text`` (perhaps capitalised, as the start of a sentence)."""
    return sentence in text or sentence[:1].upper() + sentence[1:] in text


# -- which leaf is evaluated next -----------------------------------------------------------------

def test_the_leaves_in_evaluation_order_all_score():
    drill = on_a_to_g("evaluated")
    for label in "HIJLM":
        feedback = drill.answer(label)
        assert feedback.correct is True, feedback.text
    assert (drill.right, drill.answered) == (5, 5)
    assert drill.round.done
    assert drill.score_line.value == "Score: 5 right of 5 answered."


def test_a_pruned_leaf_clicked_as_next_is_told_the_cutoff_that_pruned_it():
    drill = a_to_g("evaluated")
    for label in "HIJ":
        assert drill.answer_leaf(label).correct
    feedback = drill.answer_leaf("K")             # E's cutoff prunes K before L is reached
    assert feedback.correct is False
    assert feedback.text == "No: K is never evaluated — " + cutoff_sentence(drill, "E")
    assert "6 ≥ β = 5" in feedback.text
    assert drill.expected == ["L"]                # a wrong click does not move on


def test_a_leaf_further_right_is_told_the_search_goes_left_to_right():
    drill = a_to_g("evaluated")
    feedback = drill.answer_leaf("L")
    assert feedback.correct is False and "left to right" in feedback.text
    assert drill.expected == ["H"]


def test_the_right_leaf_after_a_cutoff_names_the_cutoff_and_the_window():
    drill = a_to_g("evaluated")
    for label in "HIJ":
        drill.answer_leaf(label)
    feedback = drill.answer_leaf("L")
    assert tells(feedback.text, cutoff_sentence(drill, "E"))
    assert tells(feedback.text, "reach the leaf L with [α, β] = [5, +∞].")


def test_the_last_leaf_tells_the_cutoffs_after_it():
    drill = a_to_g("evaluated")
    for label in "HIJL":
        drill.answer_leaf(label)
    feedback = drill.answer_leaf("M")
    assert feedback.correct and tells(feedback.text, cutoff_sentence(drill, "C"))
    assert drill.leaf_states() == {"H": "evaluated 1st", "I": "evaluated 2nd", "J": "evaluated 3rd",
                                   "K": "pruned", "L": "evaluated 4th", "M": "evaluated 5th",
                                   "N": "pruned", "O": "pruned"}


# -- which leaf is pruned next ------------------------------------------------------------------------

def test_the_pruned_leaves_score_and_name_their_cutoff():
    drill = a_to_g("pruned")
    assert drill.expected == ["K"]
    first = drill.answer_leaf("K")
    assert first.correct and first.text == "Right: " + cutoff_sentence(drill, "E")
    assert drill.expected == ["N", "O"]
    second = drill.answer_leaf("O")               # either leaf of the pruned subtree G
    assert second.correct and tells(second.text, cutoff_sentence(drill, "C"))
    assert "Pruned leaves: N, O." in second.text
    assert drill.done


def test_an_evaluated_leaf_is_told_the_window_it_was_reached_with():
    drill = a_to_g("pruned")
    feedback = drill.answer_leaf("J")
    assert feedback.correct is False
    assert feedback.text == "No: J is evaluated, not pruned — reach the leaf J with [α, β] = [−∞, 5]."


def test_a_leaf_pruned_later_is_told_an_earlier_cutoff_comes_first():
    drill = a_to_g("pruned")
    feedback = drill.answer_leaf("N")
    assert feedback.correct is False and "later" in feedback.text
    assert drill.expected == ["K"]


# -- the window of each node ------------------------------------------------------------------------------

def test_the_windows_typed_in_any_spelling_score():
    drill = on_a_to_g("window")
    typed = [("-inf", "inf"), ("−∞", "+∞"), ("-inf", "5"), ("5", "∞"), (" 5 ", "+inf")]
    for alpha, beta in typed:
        drill.alpha.value, drill.beta.value = alpha, beta
        feedback = drill.submit_window()
        assert feedback.correct is True, feedback.text
    assert (drill.right, drill.answered) == (5, 5) and drill.round.done


def test_a_wrong_window_is_corrected_with_the_parents_update():
    drill = a_to_g("window")
    drill.answer_window("-inf", "inf")            # B
    drill.answer_window("-inf", "inf")            # D
    feedback = drill.answer_window("-inf", "inf")  # E is entered with [−∞, 5]
    assert feedback.correct is False
    assert feedback.text.startswith("No: you wrote [−∞, +∞], but E is entered with [−∞, 5]")
    assert feedback.text.endswith("at B: D returned 5, so B's value so far is 5; now α = −∞, β = 5.")
    assert drill.prompt.endswith("alpha-beta enters C (MIN). With which window [α, β]?")
    assert drill.marks().current == drill.tree.node("C").path     # drawn as the current node


def test_enter_in_a_box_checks_the_window():
    drill = on_a_to_g("window")
    drill.alpha.value, drill.beta.value = "-inf", "inf"
    drill.beta._handle_custom_msg({"event": "submit"}, [])     # what the browser sends on Enter
    assert (drill.right, drill.answered) == (1, 1)
    assert drill.alpha.value == drill.beta.value == ""
    assert "✓ Right" in drill.status.value


def test_enter_waits_for_keystrokes_that_arrive_after_it():
    """In the kernel the browser's Enter can overtake the last letters typed: the check waits."""
    import asyncio

    drill = on_a_to_g("window")

    async def type_then_enter():
        drill.alpha.value, drill.beta.value = "-", "i"
        drill.beta._handle_custom_msg({"event": "submit"}, [])
        await asyncio.sleep(0.05)
        assert drill.answered == 0                       # not checked yet
        drill.alpha.value, drill.beta.value = "-inf", "inf"  # the rest of the typing arrives
        await asyncio.sleep(0.5)

    asyncio.run(type_then_enter())
    assert (drill.right, drill.answered) == (1, 1), drill.status.value


def test_the_window_stays_hidden_until_the_question_is_done():
    drill = on_a_to_g("window")
    assert "[−∞, 5]" not in drill.svg
    for alpha, beta in [(-INF, INF), (-INF, INF), (-INF, 5), (5, INF), (5, INF)]:
        drill.alpha.value, drill.beta.value = str(alpha), str(beta)
        drill.submit_window()
    assert "[−∞, 5]" in drill.svg


# -- refused input ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("alpha, beta, words", [("seven", "5", "α: write a number"),
                                                 ("3", "", "β: type a value"),
                                                 ("nan", "1", "α: write a number")])
def test_a_mistyped_window_is_refused_with_a_message(alpha, beta, words):
    drill = on_a_to_g("window")
    drill.alpha.value, drill.beta.value = alpha, beta
    feedback = drill.submit_window()
    assert feedback.correct is None and words in feedback.text
    assert (drill.right, drill.answered) == (0, 0)
    assert drill.alpha.value == alpha               # kept, to be corrected
    assert words in drill.status.value and "#b00020" in drill.status.value
    assert drill.round.step == 0


def test_clicks_that_are_no_answer_are_refused_unscored():
    drill = on_a_to_g("evaluated")
    drill.answer("H")
    for label, words in [("H", "H is already evaluated 1st"), ("Z", "There is no leaf 'Z'"),
                         (None, "There is no leaf None")]:
        feedback = drill.answer(label)
        assert feedback.correct is None and words in feedback.text
    assert (drill.right, drill.answered) == (1, 1)
    assert drill.leaf_buttons["H"].disabled and "evaluated 1st" in drill.leaf_buttons["H"].description
    assert drill.round.answer_window("1", "2").correct is None


def test_bad_arguments_raise_mmlib_errors_naming_them():
    with pytest.raises(ArgumentError, match="mode"):
        widgets.practice(mode="guess")
    with pytest.raises(ArgumentTypeError, match="seed"):
        widgets.practice(seed="one")
    with pytest.raises(ArgumentError, match="depth"):
        widgets.practice(depth=9)
    with pytest.raises(ArgumentError, match="β"):
        parse_bound("", "β")


# -- fresh questions, seeds ---------------------------------------------------------------------------------

def test_a_fresh_question_is_another_tree_that_prunes_and_keeps_the_score():
    drill = widgets.practice(seed=3)
    drill.answer(drill.round.expected[0])
    drill.alpha.value = "half-typed"
    before = drill.round.question
    drill.fresh.click()
    after = drill.round.question
    assert after.seed > before.seed and after.key != before.key
    assert after.pruned and drill.round.step == 0
    assert (drill.right, drill.answered) == (1, 1) and drill.alpha.value == ""
    assert set(drill.leaf_buttons) == {leaf.label for leaf in after.tree.leaves()}
    assert all(not button.disabled for button in drill.leaf_buttons.values())


def test_the_same_seed_gives_the_same_questions():
    def keys(seed):
        drill = widgets.practice(seed=seed, mode="pruned")
        found = [drill.round.question.key]
        for _ in range(3):
            drill.new_question()
            found.append(drill.round.question.key)
        return found
    assert keys(11) == keys(11)
    assert len(set(keys(11))) == 4


def test_changing_the_kind_of_question_keeps_the_tree():
    drill = widgets.practice(seed=0)
    key = drill.round.question.key
    drill.kind.value = "window"
    assert drill.round.mode == "window" and drill.round.question.key == key
    assert drill.window_row.layout.display is None and drill.leaf_row.layout.display == "none"


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), mode=st.sampled_from(MODES))
def test_always_answering_right_finishes_every_question_with_full_marks(seed, mode):
    drill = PracticeRound(first_question(seed), mode)
    assert drill.question.pruned                    # every question prunes at least one leaf
    steps = 0
    while not drill.done:
        if mode == "window":
            alpha, beta = drill.event.alpha, drill.event.beta
            feedback = drill.answer_window(alpha, beta)
        else:
            feedback = drill.answer_leaf(drill.expected[-1])
        assert feedback.correct is True, feedback.text
        steps += 1
    assert steps == len(drill.steps) > 0
    if mode == "pruned":
        assert steps == sum(1 for e in drill.model.events if e.kind == "cutoff")
    if mode == "evaluated":
        assert steps == len(drill.question.evaluated)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), mode=st.sampled_from(MODES[:2]), pick=st.integers(0, 63))
def test_a_wrong_leaf_is_never_scored_right_and_always_explained(seed, mode, pick):
    drill = PracticeRound(first_question(seed), mode)
    leaves = [leaf.label for leaf in drill.tree.leaves()]
    label = leaves[pick % len(leaves)]
    right = drill.expected
    feedback = drill.answer_leaf(label)
    assert feedback.correct is (label in right)
    assert drill.step == (1 if label in right else 0)
    assert feedback.text.startswith(("Right: ", "No: "))


# -- what is seen ---------------------------------------------------------------------------------

def test_every_control_has_a_name_and_the_feedback_a_word_not_only_a_colour():
    drill = on_a_to_g("evaluated")
    assert "mmlib-practice" in drill._dom_classes and "mmlib-figure" in drill.output._dom_classes
    assert drill.kind.description and drill.alpha.description == "α" and drill.beta.description == "β"
    assert [b.description for b in drill.leaf_buttons.values()] == [
        "leaf H (3)", "leaf I (5)", "leaf J (6)", "leaf K (9)", "leaf L (1)", "leaf M (2)", "leaf N (0)",
        "leaf O (−1)"]
    drill.answer("I")
    assert "✗ No:" in drill.status.value
    drill.answer("H")
    assert "✓ Right:" in drill.status.value


def test_before_it_runs_the_notebook_shows_a_sentence_and_the_tree():
    drill = widgets.practice(seed=0)
    bundle = drill._repr_mimebundle_()
    assert bundle["text/plain"].startswith("Alpha-beta practice") and "run the cell" in bundle["text/plain"]
    assert '<img alt="the question when the notebook was saved: Question 0:' in bundle["text/html"]
    assert "application/vnd.jupyter.widget-view+json" in bundle


def still_title(drill):
    """The title text of the still's drawing (one, or the unpacking fails)."""
    texts = still_svg(drill).iter("{http://www.w3.org/2000/svg}text")
    (title,) = [t for t in texts if t.get("class") == "title"]
    return title


def still_svg(drill):
    import base64
    import re
    import xml.etree.ElementTree as ET

    data = re.search(r"base64,([^\"]+)", drill._repr_mimebundle_()["text/html"]).group(1)
    return ET.fromstring(base64.b64decode(data))


@pytest.mark.parametrize("mode, question", [
    ("evaluated", "Question 0: which leaf does alpha-beta evaluate first? (Run the cell.)"),
    ("pruned", "Question 0: which leaf does alpha-beta's first cutoff prune? (Run the cell.)"),
    ("window", "Question 0: alpha-beta enters B (MIN). With which window [α, β]?")])
def test_the_still_shows_the_question_asked(mode, question):
    # a still cannot be clicked: it asks the question and says how to answer it
    drill = widgets.practice(seed=0, mode=mode)
    title, width = still_title(drill), float(still_svg(drill).get("width"))
    assert title.text == question
    assert drill.round.prompt.rsplit(" Click", 1)[0] == question.removesuffix(" (Run the cell.)")
    # the question fits the drawing: at most 0.62 em a character of bold DejaVu Sans
    assert len(question) * 0.62 * float(title.get("font-size")) + float(title.get("x")) <= width
    if mode != "window":
        while not drill.round.done:
            drill.answer(drill.round.expected[0])
        assert still_title(drill).text == "Question 0: done"


def test_the_answers_are_large_named_buttons_a_keyboard_reaches():
    from mmlib.draw.style import MIN_TEXT_PT, PX_PER_PT
    from mmlib.widgets.practice import PRACTICE_CSS

    least = MIN_TEXT_PT * PX_PER_PT                 # what every figure's text keeps, in pixels
    drill = on_a_to_g("evaluated")
    for label, button in drill.leaf_buttons.items():
        assert type(button).__name__ == "Button"    # a real button: Tab reaches it, Enter presses it
        assert float(button.style.font_size.removesuffix("px")) >= least
        assert button.description.startswith(f"leaf {label} (")
        assert button.tooltip.startswith(f"leaf {label},")
    assert "click a leaf" in drill.leaf_hint.value and drill.leaf_row.children[0] is drill.leaf_hint
    for box in (drill.alpha, drill.beta):
        assert float(box.style.font_size.removesuffix("px")) >= least
    assert float(drill.check.style.font_size.removesuffix("px")) >= least
    size = float(re.search(r"font-size:(\d+)px", drill.prompt.value).group(1))
    assert size >= least and drill.round.prompt in drill.prompt.value
    assert "focus-visible{outline:3px solid #000" in PRACTICE_CSS


@pytest.mark.parametrize("mode", ["evaluated", "pruned"])
def test_a_new_question_draws_its_tree_at_full_contrast(mode):
    # before the first answer nothing is searched: every node and leaf value is the question, not faded
    import base64

    drill = widgets.practice(mode=mode, seed=1)
    still = base64.b64decode(re.search(r"base64,([^\"]+)", drill.fallback_html()).group(1)).decode()
    for svg in (drill.svg, still):
        assert "opacity" not in svg and "not searched yet" not in svg
    if mode == "evaluated":
        drill.answer("H")                       # the leftmost leaf is evaluated first: right
        assert drill.round.shown > 0 and "opacity" in drill.svg    # now the search so far is drawn
