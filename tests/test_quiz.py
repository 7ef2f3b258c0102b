"""Quiz questions: answer keys agree with a second, independent alpha-beta; defaults make good
questions (something pruned, different leaf values, every value equally likely); constraints hold;
batches and per-student sets are distinct and reproducible."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import pytest
import support
from hypothesis import given, settings
from hypothesis import strategies as st

from mmlib import quiz, search, trees
from mmlib.errors import ArgumentError, ArgumentTypeError

INF = math.inf
knuth_moore = support.knuth_moore


# -- a second alpha-beta, written from the textbook pseudocode, on nested lists --------------------

def textbook_alphabeta(nested, *, cutoff=">=", variant="fail-soft"):
    """(value, paths of the leaves evaluated in order): AIMA's fail-soft form, or the CS 312
    recitation's fail-hard [min, max] form; prune on alpha >= beta or only on alpha > beta."""
    evaluated = []

    def prunes(low, high):
        return low >= high if cutoff == ">=" else low > high

    def soft(node, path, alpha, beta, is_max):
        if not isinstance(node, list):
            evaluated.append(path)
            return node
        best = -INF if is_max else INF
        for i, child in enumerate(node):
            score = soft(child, path + (i,), alpha, beta, not is_max)
            if is_max:
                best = max(best, score)
                alpha = max(alpha, best)
            else:
                best = min(best, score)
                beta = min(beta, best)
            if prunes(alpha, beta):
                break
        return best

    def hard(node, path, low, high, is_max):
        if not isinstance(node, list):
            evaluated.append(path)
            return node
        if is_max:
            v = low
            for i, child in enumerate(node):
                v = max(v, hard(child, path + (i,), v, high, False))
                if prunes(v, high):
                    return high
            return v
        v = high
        for i, child in enumerate(node):
            v = min(v, hard(child, path + (i,), low, v, True))
            if prunes(low, v):
                return low
        return v

    value = (soft if variant == "fail-soft" else hard)(nested, (), -INF, INF, True)
    return value, evaluated


def leaf_paths(nested, path=()):
    if not isinstance(nested, list):
        return [path]
    return [p for i, child in enumerate(nested) for p in leaf_paths(child, path + (i,))]


CONVENTIONS = [(">=", "fail-soft"), (">", "fail-soft"), (">=", "fail-hard"), (">", "fail-hard")]


@pytest.mark.parametrize("cutoff, variant", CONVENTIONS)
@pytest.mark.parametrize("ties", [False, True])
def test_answer_key_agrees_with_a_second_alphabeta(cutoff, variant, ties):
    for seed in range(12):
        question = quiz.alpha_beta_question(seed, 3, 3, ties=ties, cutoff=cutoff, variant=variant)
        tree, nested = question.tree, question.tree.to_nested()
        value, evaluated = textbook_alphabeta(nested, cutoff=cutoff, variant=variant)
        assert question.value == value == search.minimax(tree).value
        assert question.evaluated == [tree.label_of(path) for path in evaluated]
        assert question.pruned == [tree.label_of(p) for p in leaf_paths(nested) if p not in evaluated]
        # The chosen move leads to a child whose minimax value is the root's value.
        assert search.minimax(tree, state=tree.node(question.best_move)).value == question.value
        assert f"value {question.value}" in question.answer_key()


def test_the_ordering_part_agrees_with_the_second_alphabeta():
    for seed in range(10):
        question = quiz.alpha_beta_question(seed, 3, 2)
        nested, labels = question.tree.to_nested(), [c.label for c in question.tree.root.children]
        expected = {" ".join(labels[i] for i in order):
                    len(textbook_alphabeta([nested[i] for i in order])[1])
                    for order in itertools.permutations(range(3))}
        assert question.answers.root_orders == expected
        fewest = min(expected.values())
        assert question.best_orders == [order for order, n in expected.items() if n == fewest]
        assert max(expected.values()) > fewest           # a question whose answer is not "any order"
        part = next(p for p in question.parts() if p.kind == "ordering")
        right = [text for text, correct in part.choices if correct]
        assert len(right) == 1 and expected[right[0]] == fewest
        assert all(expected[text] > fewest for text, correct in part.choices if not correct)


# -- good defaults, measured over many seeds ---------------------------------------------------------

def test_every_default_question_prunes_and_has_different_leaf_values():
    questions = [quiz.alpha_beta_question(seed) for seed in range(300)]
    assert all(len(q.pruned) >= 1 for q in questions)
    assert not any(q.has_ties for q in questions)
    assert all(len({leaf.value for leaf in q.tree.leaves()}) == q.tree.leaf_count for q in questions)
    for branching, depth in [(3, 2), (3, 3), (4, 3), (2, 5), (5, 2)]:
        for seed in range(15):
            q = quiz.alpha_beta_question(seed, branching, depth)
            assert q.pruned and not q.has_ties


def test_every_leaf_value_is_equally_likely_zero_included():
    counts = Counter(leaf.value for seed in range(600)
                     for leaf in quiz.alpha_beta_question(seed).tree.leaves())
    assert set(counts) == set(range(21))
    draws = sum(counts.values())                         # 4800 leaves over 21 values: 228.6 expected each
    expected, spread = draws / 21, math.sqrt(draws * (1 / 21) * (20 / 21))
    assert all(abs(count - expected) < 4.5 * spread for count in counts.values()), counts
    assert counts[0] < expected + 3 * spread
    chi2 = sum((count - expected) ** 2 / expected for count in counts.values())
    assert chi2 < 45.3                                   # the 0.999 quantile of chi-square with 20 d.o.f.


def test_ties_on_request_and_the_cutoff_test_then_matters():
    questions = [quiz.alpha_beta_question(seed, ties=True) for seed in range(40)]
    assert all(q.has_ties and q.pruned for q in questions)
    differ = 0
    for seed in range(40):
        strict = quiz.alpha_beta_question(seed, ties=True, cutoff=">", min_pruned=0, kinds=["pruned"])
        loose = quiz.alpha_beta_question(seed, ties=True, cutoff=">=", min_pruned=0, kinds=["pruned"])
        assert strict.tree.to_nested() == loose.tree.to_nested()    # the convention does not change the tree
        assert set(loose.pruned) >= set(strict.pruned)               # '>' never prunes more than '>='
        differ += set(loose.pruned) != set(strict.pruned)
    assert differ >= 1


# -- constraints -------------------------------------------------------------------------------------

@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10 ** 9), shape=st.sampled_from([(2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (4, 2)]),
       low=st.integers(-50, 50), width=st.integers(0, 80), ties=st.booleans(),
       ordering=st.sampled_from(["random", "best", 0.5]), min_pruned=st.integers(0, 3),
       convention=st.sampled_from(CONVENTIONS))
@pytest.mark.slow
def test_constraints_hold(seed, shape, low, width, ties, ordering, min_pruned, convention):
    branching, depth = shape
    leaves = branching ** depth
    high = low + (width if ties else max(width, leaves - 1))
    try:
        q = quiz.alpha_beta_question(seed, branching, depth, ordering=ordering, ties=ties,
                                     value_range=(low, high), min_pruned=min_pruned, cutoff=convention[0],
                                     variant=convention[1])
    except ArgumentError as error:
        # Knuth & Moore: alpha-beta evaluates at least b^ceil(d/2) + b^floor(d/2) - 1 leaves (with
        # different values); with one to three values every order of the moves may cost the same; and
        # fail-hard with the test '>' prunes less: a clamped value equals the bound it was clamped to.
        assert (min_pruned > leaves - knuth_moore(branching, depth) or (ties and width <= 2)
                or convention == (">", "fail-hard")), str(error)
        return
    values = [leaf.value for leaf in q.tree.leaves()]
    assert all(isinstance(v, int) and low <= v <= high for v in values)
    assert q.tree.leaf_count == leaves and q.tree.height == depth
    assert len(q.pruned) >= min_pruned
    assert (len(set(values)) < len(values)) if ties else (len(set(values)) == len(values))
    assert (q.cutoff, q.variant) == convention


def test_max_pruned_and_worst_ordering():
    for seed in range(10):
        assert len(quiz.alpha_beta_question(seed, 3, 3, max_pruned=2).pruned) in (1, 2)
        assert len(quiz.alpha_beta_question(seed, 3, 3, min_pruned=8).pruned) >= 8
    with pytest.raises(ArgumentError, match="min_pruned=0"):
        quiz.alpha_beta_question(0, 3, 2, ordering="worst")
    for seed in range(5):
        best = quiz.alpha_beta_question(seed, 4, 3, ordering="best")
        worst = quiz.alpha_beta_question(seed, 4, 3, ordering="worst", min_pruned=0, kinds=["value"])
        # Knuth & Moore: best-first ordering evaluates b^ceil(d/2) + b^floor(d/2) - 1 leaves, worst-first all.
        assert len(best.evaluated) == knuth_moore(4, 3) == 19
        assert len(worst.evaluated) == 64


def test_the_key_is_computed_once(monkeypatch):
    calls = Counter()
    real = search.alphabeta

    def counting(*args, **kwargs):
        calls["traced" if kwargs.get("trace") else "plain"] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(search, "alphabeta", counting)
    question = quiz.alpha_beta_question(3, 3, 2)
    calls.clear()
    for _ in range(5):
        _ = (question.value, question.best_move, question.pruned, question.evaluated, question.inner_values,
             question.best_orders, question.answer_key(), question.prompt(), question.parts())
    assert sum(calls.values()) == 0             # all read from the key computed while choosing the tree
    fields = ("seed", "branching", "depth", "ordering", "tree")
    fresh = quiz.Question(**{name: getattr(question, name) for name in fields})
    for _ in range(5):
        _ = (fresh.value, fresh.pruned, fresh.answer_key())
    assert calls == {"traced": 1, "plain": 6}   # one traced search, one per order of the 3 root moves


# -- batches and per-student sets ----------------------------------------------------------------------

def test_batch_is_distinct_and_deterministic():
    batch = quiz.question_batch(30, seed=5)
    assert len({question.key for question in batch}) == 30
    assert [q.key for q in batch] == [q.key for q in quiz.question_batch(30, seed=5)]
    assert [q.key for q in batch] != [q.key for q in quiz.question_batch(30, seed=6)]


def test_student_sets_are_their_own_and_reproducible():
    roster = [f"s{i:03d}" for i in range(25)]
    sets = {student: [q.key for q in quiz.question_set(student, 3, seed=2025)] for student in roster}
    assert all(len(set(keys)) == 3 for keys in sets.values())
    assert len({tuple(keys) for keys in sets.values()}) == 25
    assert sets["s007"] == [q.key for q in quiz.question_set("s007", 3, seed=2025)]
    assert sets["s007"] != [q.key for q in quiz.question_set("s007", 3, seed=2026)]
    assert 0 <= quiz.student_seed("alice", 1) < 2 ** 48
    tough = quiz.question_set("alice", 2, seed=1, branching=3, depth=3, min_pruned=5, ties=True, cutoff=">")
    assert all(len(q.pruned) >= 5 and q.has_ties and q.cutoff == ">" for q in tough)


# -- text and drawings ----------------------------------------------------------------------------------

def test_text_and_export(tmp_path):
    question = quiz.alpha_beta_question(1, 2, 3)
    text = str(question)
    assert question.prompt() in text and question.answer_key() in text
    assert "0x" not in text
    question.savefig(str(tmp_path / "q.png"))
    question.savefig(str(tmp_path / "q.svg"), answers=True)
    assert (tmp_path / "q.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "<svg" in (tmp_path / "q.svg").read_text()
    fail_hard = quiz.alpha_beta_question(1, 2, 3, cutoff=">", variant="fail-hard")
    assert "only when alpha > beta" in fail_hard.prompt() and "fail-hard" in fail_hard.prompt()
    assert "as soon as alpha >= beta" in question.prompt()


def test_bad_arguments():
    with pytest.raises(ArgumentError, match="branching"):
        quiz.alpha_beta_question(0, 9, 2)
    with pytest.raises(ArgumentError, match="branching, depth"):
        quiz.alpha_beta_question(0, 4, 4)
    with pytest.raises(ArgumentTypeError, match="seed"):
        quiz.alpha_beta_question("x")
    with pytest.raises(ArgumentError, match="n"):
        quiz.question_batch(0)
    with pytest.raises(ArgumentError, match="value_range"):
        quiz.alpha_beta_question(0, 2, 3, value_range=(1, 5))        # 8 different values need 8 numbers
    with pytest.raises(ArgumentError, match="cutoff"):
        quiz.alpha_beta_question(0, cutoff="=>")
    with pytest.raises(ArgumentError, match="variant"):
        quiz.alpha_beta_question(0, variant="soft")
    with pytest.raises(ArgumentError, match="kinds"):
        quiz.alpha_beta_question(0, kinds=["value", "colour"])
    with pytest.raises(ArgumentError, match="min_pruned=0"):
        quiz.alpha_beta_question(0, 2, 1)
    with pytest.raises(ArgumentError, match="kinds"):
        quiz.alpha_beta_question(0, 2, 1, min_pruned=0, kinds=["ordering"])
    with pytest.raises(ArgumentTypeError, match="student"):
        quiz.question_set("  ")


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


def test_every_question_the_generator_accepts_prints_as_tree_text():
    # Up to 62 nodes the tree text labels nodes with one character each; larger questions use words.
    accepted = 0
    for branching in range(2, 6):
        for depth in range(1, 6):
            try:
                question = quiz.alpha_beta_question(seed=7, branching=branching, depth=depth,
                                                    min_pruned=0 if depth == 1 else 1)
                assert ("ordering" in question.kinds) == (depth > 1)   # at depth 1 every order costs the same
            except ArgumentError:
                assert branching ** depth > 64
                continue
            accepted += 1
            text = str(question)
            assert question.svg().startswith("<svg") and all(label in text for label in question.pruned)
            back = trees.from_text(question.tree_text())
            assert back.to_nested() == question.tree.to_nested()
            assert [n.label for n in back.nodes()] == [n.label for n in question.tree.nodes()]
            if question.tree.node_count > 49:
                assert " n49" in question.tree_text().splitlines()[0]
    assert accepted == 13


def test_the_same_sets_in_another_process_with_another_hash_seed():
    import os
    import subprocess
    import sys
    code = ("from mmlib import quiz; print([q.key for q in quiz.question_set('alice', 3, seed=9, ties=True)]"
            " + [quiz.alpha_beta_question(5, 3, 3).key])")
    env = dict(os.environ, PYTHONHASHSEED="12345")
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    here = [q.key for q in quiz.question_set("alice", 3, seed=9, ties=True)] + \
        [quiz.alpha_beta_question(5, 3, 3).key]
    assert other.stdout.strip() == str(here)


@pytest.mark.slow
def test_drawing_a_question_searches_nothing_again_and_tests_no_text_against_the_axes(monkeypatch):
    """A question on 32 leaves, drawn with its answers and rendered: the drawing reads the
    question's own search (no new search), and matplotlib draws every text without asking,
    text by text, whether its node lies inside the axes (all nodes do: that test was most of
    the cost of a draw)."""
    import io

    from matplotlib.axes import Axes

    question = quiz.alpha_beta_question(0, 2, 5)
    result = question.result
    searches, tests = Counter(), Counter()
    real_alphabeta, real_contains = search.alphabeta, Axes.contains_point
    monkeypatch.setattr(search, "alphabeta", lambda *a, **k: searches.update(["alphabeta"])
                        or real_alphabeta(*a, **k))
    monkeypatch.setattr(Axes, "contains_point", lambda self, point: tests.update(["contains"])
                        or real_contains(self, point))
    for answers in (True, False):
        figure = question.figure(answers=answers)
        texts = [t for t in figure.axes[0].texts if t.get_text()]
        assert len(texts) >= 63                      # every node is labelled: 63 labels at least
        figure.savefig(io.BytesIO(), format="png", bbox_inches="tight")
    assert question.result is result and searches == Counter()
    assert tests == Counter()


# -- every value a question shows lies in the range asked for -----------------------------------------

def _shown_values(question):
    """Every value the question shows: its leaves, in the tree and in the tree text; the root's
    value; what each inner node returns (a bound's number too); the numbers of its parts."""
    import re

    from mmlib.errors import MmlibError

    number = re.compile(r"-?\d+(?:\.\d+)?")
    shown = [leaf.value for leaf in question.tree.leaves()] + [question.value]
    for text in question.inner_values.values():
        shown += [float(x) for x in number.findall(text.replace("−", "-"))]
    try:
        text = question.tree_text()
    except MmlibError:            # a tree whose turns the text format cannot write
        text = ""
    for line in text.splitlines()[1:]:
        words = line.split()
        if len(words) == 2 and ":" not in line:
            shown.append(float(words[1].replace("−", "-")))
    shown += [part.number for part in question.parts() if part.number is not None]
    return shown


def test_every_value_shown_lies_in_the_range_over_every_kind_of_question():
    import random

    from mmlib.conventions import Conventions
    from mmlib.errors import MmlibError

    draw = random.Random(25)
    sizes = [(2, 1), (2, 2), (2, 3), (2, 4), (2, 5), (3, 1), (3, 2), (3, 3), (4, 2), (4, 3), (5, 2)]
    ranges = [None, (0, 20), (-5, 5), (-100, -90), (7, 7), (0, 1), (-3, 0), (-500_000, 500_000),
              (10 ** 17, 10 ** 17 + 70), (-2 ** 63, -2 ** 63 + 70), (2 ** 53 - 5, 2 ** 53 + 70)]
    courses = [None, Conventions(root="min"), Conventions(values="mover"),
               Conventions(root="min", values="mover"), Conventions(turns="max min min"),
               Conventions(deep=False), Conventions(cutoff=">", variant="fail-hard")]
    made = 0
    for _ in range(150):
        branching, depth = draw.choice(sizes)
        value_range = draw.choice(ranges)
        ties = draw.random() < 0.4 or (value_range is not None
                                       and value_range[1] - value_range[0] < branching ** depth)
        kinds = [kind for kind in quiz.KINDS if draw.random() < 0.6 and (depth > 1 or kind != "ordering")]
        options = dict(value_range=value_range, ties=ties, conventions=draw.choice(courses),
                       ordering=draw.choice(["random", "best", "worst", 0.0, 0.5, 1.0]),
                       kinds=kinds or None, min_pruned=0 if depth == 1 else draw.choice([0, 1, 2]))
        seed = draw.choice([draw.randrange(5000), draw.randrange(2 ** 48), -draw.randrange(1, 1000)])
        try:
            question = quiz.alpha_beta_question(seed, branching, depth, **options)
        except MmlibError:        # constraints no tree meets (said so), e.g. ties in a wide range
            continue
        made += 1
        low, high = value_range or ((0, 20) if branching ** depth <= 16 else (0, 99))
        outside = [v for v in _shown_values(question) if not low <= v <= high]
        assert not outside, (seed, branching, depth, options, outside)
        assert all(float(leaf.value).is_integer() for leaf in question.tree.leaves())
    assert made > 90                     # the loop really made questions, not just refusals


def test_no_generated_tree_holds_two_labels_that_look_alike():
    """I, l and 1; O, 0 and o; C and c...: in the course's font a student cannot tell them apart on a
    projected figure, and the quiz's answers are case-sensitive.  Over many seeds and sizes (up to the
    trees whose labels become words), no question's tree holds two labels of one look-alike group."""
    look_alike = [set("Il1"), set("O0o"), *(set(c + c.lower()) for c in "CKPSUVWXZ")]
    seen = set()
    for seed in range(12):
        for branching, depth in ((3, 3), (2, 5)):
            try:
                question = quiz.alpha_beta_question(seed=seed, branching=branching, depth=depth)
            except ArgumentError:
                continue
            labels = {node.label for node in question.tree.nodes()}
            seen |= labels
            for group in look_alike:
                assert len(labels & group) <= 1, (seed, branching, depth, sorted(labels & group))
    assert len(seen) >= 49                   # the trees were big enough to reach past A-Z
    big = trees.from_nested([[1, 2, 3]] * 20)                    # 81 nodes
    labels = [node.label for node in big.nodes()]
    for group in look_alike:
        assert len(set(labels) & group) <= 1
    assert len(set(labels)) == 81
