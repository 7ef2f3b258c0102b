"""Quiz questions: answer keys agree with a second search, batches are distinct and reproducible."""

from __future__ import annotations

import math

import pytest

from mmlib import quiz, search
from mmlib.errors import ArgumentError, ArgumentTypeError


def knuth_moore(b: int, d: int) -> int:
    return b ** math.ceil(d / 2) + b ** math.floor(d / 2) - 1


@pytest.mark.parametrize("seed", range(8))
def test_answer_key_agrees_with_minimax_and_the_leaves(seed):
    question = quiz.alpha_beta_question(seed, 3, 3)
    tree = question.tree
    assert question.value == search.minimax(tree).value
    assert all(isinstance(leaf.value, int) and 0 <= leaf.value <= 20 for leaf in tree.leaves())
    assert sorted(question.evaluated + question.pruned) == sorted(leaf.label for leaf in tree.leaves())
    assert question.pruned == [leaf.label for leaf in tree.leaves() if leaf.label in question.pruned]
    # The chosen move leads to a child whose minimax value is the root's value.
    assert search.minimax(tree, state=tree.node(question.best_move)).value == question.value
    assert f"value {question.value}" in question.answer_key()


def test_ordering_controls_difficulty():
    for seed in range(5):
        best = quiz.alpha_beta_question(seed, 4, 3, ordering="best")
        worst = quiz.alpha_beta_question(seed, 4, 3, ordering="worst")
        # Knuth & Moore: best-first ordering evaluates at most b^ceil(d/2) + b^floor(d/2) - 1 leaves
        # (ties from whole-number values can only prune more).
        assert len(best.evaluated) <= knuth_moore(4, 3) == 19
        assert len(worst.evaluated) > len(best.evaluated)


def test_batch_is_distinct_and_deterministic():
    batch = quiz.question_batch(30, seed=5)
    assert len({question.key for question in batch}) == 30
    assert [q.key for q in batch] == [q.key for q in quiz.question_batch(30, seed=5)]
    assert [q.key for q in batch] != [q.key for q in quiz.question_batch(30, seed=6)]


def test_text_and_export(tmp_path):
    question = quiz.alpha_beta_question(1, 2, 3)
    text = str(question)
    assert question.prompt() in text and question.answer_key() in text
    assert "0x" not in text
    question.savefig(str(tmp_path / "q.png"))
    question.savefig(str(tmp_path / "q.svg"), answers=True)
    assert (tmp_path / "q.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "<svg" in (tmp_path / "q.svg").read_text()


def test_bad_arguments():
    with pytest.raises(ArgumentError, match="branching"):
        quiz.alpha_beta_question(0, 9, 2)
    with pytest.raises(ArgumentError, match="branching, depth"):
        quiz.alpha_beta_question(0, 4, 4)
    with pytest.raises(ArgumentTypeError, match="seed"):
        quiz.alpha_beta_question("x")
    with pytest.raises(ArgumentError, match="n"):
        quiz.question_batch(0)


def _true_values(question):
    from mmlib.trace import minimax_values
    values = minimax_values(question.tree)
    return {question.tree.label_of(path): value for path, value in values.items()}


@pytest.mark.parametrize("seed", range(12))
def test_answer_key_writes_bounds_as_bounds_and_every_one_holds(seed):
    question = quiz.alpha_beta_question(seed, 3, 3)
    true = _true_values(question)
    for label, text in question.inner_values.items():
        if text.startswith("≥ "):
            assert true[label] >= float(text[2:])
        elif text.startswith("≤ "):
            assert true[label] <= float(text[2:])
        else:
            assert float(text) == true[label], (label, text)
    assert question.inner_values["A"] == str(question.value)
    assert f"A {question.value}" in question.answer_key()


def test_a_question_with_cutoffs_shows_its_bounds_in_the_key_and_the_figures():
    question = next(q for q in quiz.question_batch(20, seed=3, branching=3, depth=2)
                    if any(t.startswith(("≥", "≤")) for t in q.inner_values.values()))
    bounded = {label: t for label, t in question.inner_values.items() if t.startswith(("≥", "≤"))}
    key = question.answer_key()
    assert all(f"{label} {text}" in key for label, text in bounded.items())
    texts = {t.get_text() for t in question.figure(answers=True).axes[0].texts}
    assert set(bounded.values()) <= texts
    assert not {t for t in texts if t.startswith(("≥", "≤"))} & {t.get_text() for t in
                                                                  question.figure().axes[0].texts}
    svg = question.svg(answers=True)
    assert all(text in svg for text in bounded.values())
    assert f"value {question.value}" in svg and "seed" not in str(question).lower()


def test_every_question_the_generator_accepts_can_be_printed_and_drawn():
    # The tree text labels nodes with one character each (62 of them); a larger question prints its
    # tree as nested lists, with the labels the answer key uses.
    accepted = 0
    for branching in range(2, 6):
        for depth in range(1, 6):
            try:
                question = quiz.alpha_beta_question(seed=7, branching=branching, depth=depth)
            except ArgumentError:
                assert branching ** depth > 64
                continue
            accepted += 1
            text = str(question)
            assert question.svg().startswith("<svg") and all(label in text for label in question.pruned)
            if question.tree.node_count > 62:
                assert search.alphabeta(eval(text.split("\n")[2])).value == question.value   # noqa: S307
    assert accepted == 13
