"""Write notebooks 04-06 (move ordering, the square-root speedup, tic-tac-toe solved).

The notebook sources live here as lists of cells so that they are easy to edit and review.
Write them, then execute them in place:

    .venv/bin/python notebooks/_build/nb04_06.py
    for nb in notebooks/0[4-6]_*.ipynb; do PYTHONHASHSEED=0 .venv/bin/jupyter nbconvert --to notebook \
        --execute --inplace --ExecutePreprocessor.kernel_name=python3 "$nb"; done
    .venv/bin/python tests/test_notebooks.py --stamp notebooks/0[4-6]_*.ipynb

(or `make notebooks`, which does the same for every notebook; MPLBACKEND must be unset so that the
kernel's inline backend shows the figures).
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = Path(__file__).resolve().parent
NOTEBOOKS = HERE.parent

WIDGET = ["nbval-ignore-output"]


def md(text: str):
    return new_markdown_cell(text.strip("\n"))


def code(text: str, tags: list[str] | None = None):
    cell = new_code_cell(text.strip("\n"))
    if tags:
        cell.metadata["tags"] = list(tags)
    return cell


def nav(previous: tuple[str, str] | None, following: tuple[str, str] | None):
    parts = []
    if previous:
        parts.append(f"[← {previous[1]}]({previous[0]})")
    parts.append("[Start here](00_start_here.ipynb)")
    if following:
        parts.append(f"[{following[1]} →]({following[0]})")
    return md(" · ".join(parts))


NB03 = ("03_alpha_beta_pruning.ipynb", "03 Alpha-beta pruning")
NB04 = ("04_move_ordering.ipynb", "04 Move ordering")
NB05 = ("05_square_root_speedup.ipynb", "05 The square-root speedup")
NB06 = ("06_tictactoe_solved.ipynb", "06 Tic-tac-toe, solved")
NB07 = ("07_beyond_connect_four.ipynb", "07 Beyond")

IMPORTS = "%matplotlib inline\nfrom mmlib import analysis, draw, games, search, trees, widgets"


# ----------------------------------------------------------------------------------------------
# 04 move ordering
# ----------------------------------------------------------------------------------------------

NB04_CELLS = [
    nav(NB03, NB05),
    md(r"""
# 04 · Move ordering

Alpha-beta never changes the value of a game tree; it only skips work. *How much* work it skips
depends on one thing: the order in which the children of each node are tried. The CS312 notes
(seed 000) put it like this:

> If children of a node are visited in the worst possible order, it may be that no pruning occurs.
> For max nodes, we want to visit the best child first so that time is not wasted in the rest of the
> children exploring worse scenarios. For min nodes, we want to visit the worst child first (from our
> perspective, not the opponent's.)

A program does not *know* the best child before searching it, so it has to guess. This notebook first
measures how much the order matters, on trees whose order we control exactly, and then tries three
classic ways of guessing:

1. rank the children with the **static evaluator** (seed 000);
2. rank them by what a **previous, shallower search** found (seed 000; this is *iterative deepening*);
3. first try the move that refuted a neighbouring position: the **killer heuristic** (seed 002).
"""),
    code(IMPORTS),
    md(r"""
## One tree, two orders

AIMA's figure 5.2 tree again. Searched left to right, alpha-beta skips two of its nine leaves (the 4
and the 6). Now search the very same tree with every node trying its children from right to left.
"""),
    code(r"""
aima = trees.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
left_to_right = search.alphabeta(aima)
right_to_left = search.alphabeta(aima, order="reversed")
left_to_right.value, right_to_left.value, left_to_right.stats.leaves, right_to_left.stats.leaves
"""),
    md(r"""
Same value, 3, but the reversed order evaluates every leaf. From the right, the first MIN node is worth
only 2, so when the next MIN node's leaves come in (6, 4, 2) none is low enough to prove that node
useless before its last leaf; and the good child (value 3) comes last, when nothing is left to skip.
"""),
    code(r"""
assert left_to_right.value == right_to_left.value == 3
assert left_to_right.stats.leaves < right_to_left.stats.leaves == aima.leaf_count
"""),
    md(r"""
## Trees whose order we control

To study ordering on its own we need trees where we *decide* where the best child sits.
`trees.ordered(b, d, ordering, seed)` builds a uniform tree of branching `b` and depth `d` from the top
down: each node gets its true minimax value first, then its children are made so that exactly one child
has that value and the others are strictly worse for the player to move. The `ordering` says where the
best child stands:

| ordering | the best child is... |
|---|---|
| `"best"` | always first (alpha-beta's dream) |
| `"worst"` | always last, and the children improve one by one so that nothing can ever be pruned |
| `"random"` | anywhere, each position equally likely |
| a number `q` | first with probability `q`, otherwise anywhere else |

Trees with `q` close to 1 model what a good program achieves in practice. The literature calls such
trees *strongly ordered* (Marsland and Campbell, 1982): the first move tried is usually, but not always,
the best.

Here are the two extremes for $b = 3$, $d = 3$, searched by alpha-beta: the same seed gives the same
root value, but on the left the best child always comes first and whole subtrees are pruned (faded,
marked ✕); on the right the best child always comes last and every leaf is evaluated. The red line is
the principal variation, the small numbers give the order in which leaves were evaluated.
"""),
    code(r"""
from matplotlib.figure import Figure

figure = Figure(figsize=(12, 4), layout="constrained")
for ax, ordering in zip(figure.subplots(1, 2), ["best", "worst"], strict=True):
    result = search.alphabeta(trees.ordered(3, 3, ordering, seed=1))
    draw.draw_tree(result, ax=ax, title=f'ordering "{ordering}": {result.stats.leaves} of 27 leaves')
figure
"""),
    md(r"""
We run alpha-beta on five trees (seeds 0 to 4) of each kind, for branching 4 and depths 1 to 7, with
`analysis.sweep`, and average the leaf counts over the five seeds.
"""),
    code(r"""
b, depths = 4, range(1, 8)
orderings = ["best", 0.9, 0.5, "random", "worst"]
seeds = range(5)
rows = analysis.sweep([b], depths, orderings, ["alphabeta"], seeds)
len(rows)
"""),
    code(r"""
def mean_of(rows, measure, **where):
    '''The mean of `measure` over the rows that match every `column=value` in `where`.'''
    picked = [row[measure] for row in rows if all(row[k] == v for k, v in where.items())]
    return sum(picked) / len(picked)

print("depth" + "".join(f"{str(o):>10}" for o in orderings))
for d in depths:
    print(f"{d:5}" + "".join(f"{mean_of(rows, 'leaves', ordering=o, depth=d):10.1f}" for o in orderings))
"""),
    md(r"""
What we see: at depth 7 the worst order evaluates all $4^7 = 16{,}384$ leaves and the best order only
319; the realistic orders sit in between, in the order you would expect. The best column is exactly
the Knuth–Moore count $b^{\lceil d/2\rceil} + b^{\lfloor d/2\rfloor} - 1$ (notebook 05 is about this
formula) and the worst column is exactly $b^d$: no pruning at all.
"""),
    code(r"""
for d in depths:
    assert mean_of(rows, "leaves", ordering="best", depth=d) == analysis.knuth_moore_leaves(b, d)
    assert mean_of(rows, "leaves", ordering="worst", depth=d) == b ** d
    means = [mean_of(rows, "leaves", ordering=o, depth=d) for o in orderings]
    assert means == sorted(means), d          # a better order, fewer leaves, at every depth
"""),
    md(r"""
On a logarithmic scale each ordering is close to a straight line: the cost grows geometrically with
depth, and the ordering decides the *base* of that growth. The dashed and dotted lines are theory
(notebook 05): $b^d$, the Knuth–Moore count, and Pearl's $R_b^d$. Pearl's line is for trees with
independent random leaves, a different model from these `"random"` trees, whose non-best children are
all strictly worse than the best one, so our random curve need not follow it.
"""),
    code(r"""
draw.plot_growth(rows, title="Alpha-beta, b = 4: leaves versus depth for five orderings")
"""),
    md(r"""
### How strongly ordered must a tree be?

Fix $b = 4$ and $d = 6$ and let the probability $q$ that the best child comes first run from 0 to 1.
"""),
    code(r"""
qs = [i / 10 for i in range(11)]
q_rows = analysis.sweep([4], [6], qs, ["alphabeta"], seeds)
q_leaves = [mean_of(q_rows, "leaves", ordering=q) for q in qs]
for q, leaves in zip(qs, q_leaves, strict=True):
    print(f"q = {q:.1f}: {leaves:7.1f} leaves")
"""),
    code(r"""
assert q_leaves == sorted(q_leaves, reverse=True)          # more often first, fewer leaves
assert q_leaves[-1] == analysis.knuth_moore_leaves(4, 6)    # q = 1 is the best order
assert q_leaves[0] < 4 ** 6 / 3                             # q = 0 is still far from the worst
"""),
    md(r"""
Every step of $q$ pays, and the last steps pay the most: going from $q = 0.9$ to $q = 1$ still cuts
the leaves by about a third. Notice also that $q = 0$ (the best child is *never* first) costs only a
fraction of the $4^6 = 4{,}096$ leaves of the worst order: to defeat alpha-beta completely the children
must improve one by one, which is the very special arrangement of `"worst"`. A random mistake now and
then is cheap; systematic bad luck is not.

## Ordering by the static evaluator

The first source of ordering in seed 000: *"The static evaluator function can be used to rank the
child nodes."* Before searching the children of a node, evaluate each child statically, then try them
best first (highest first at MAX, lowest first at MIN). `order="static"` does exactly that.

Generated trees have a static evaluator when we ask for one: `trees.ordered(..., noise=e)` gives every
interior node the evaluation *true value + uniform noise in $[-e, e]$* (the true values lie between 0
and 1). With `noise=0` the evaluator is an oracle; with `noise=1` it is almost worthless. The trees
themselves have `"random"` order, so the natural order gets no help.
"""),
    code(r"""
noises = [0.0, 0.05, 0.1, 0.2, 0.5, 1.0]

def natural_and_static(noise, b=5, d=7, seed=3):
    tree = trees.ordered(b, d, "random", seed, noise=noise)
    return search.alphabeta(tree), search.alphabeta(tree, order="static")

runs = {noise: natural_and_static(noise) for noise in noises}
print(" noise  natural nodes  static nodes  + evaluations to sort")
for noise, (natural, static) in runs.items():
    print(f"{noise:6}  {natural.stats.nodes:13,}  {static.stats.nodes:12,}"
          f"  {static.stats.order_evaluations:21,}")
"""),
    md(r"""
What we see:

* The natural order visits the same number of nodes whatever the noise: it never looks at the evaluator.
* With a perfect evaluator the static order finds the minimal tree: exactly the Knuth–Moore number of
  leaves, $5^4 + 5^3 - 1 = 749$.
* As the evaluator gets noisier the static order loses its edge, but it still searches fewer nodes.
* Sorting is not free: every child is evaluated once more to be ranked (`stats.order_evaluations`).
  With a useless evaluator (`noise=1.0`), nodes plus sorting evaluations cost more than the plain search.
"""),
    code(r"""
assert all(natural.value == static.value for natural, static in runs.values())
assert runs[0.0][1].stats.leaves == analysis.knuth_moore_leaves(5, 7)
assert all(static.stats.nodes < natural.stats.nodes for natural, static in runs.values())
natural, static = runs[1.0]
assert static.stats.nodes + static.stats.order_evaluations > natural.stats.nodes
"""),
    md(r"""
The same idea on a real game: the whole of tic-tac-toe, with the open-lines evaluator
$E(n) = M(n) - O(n)$ of seed 003 ranking the moves.
"""),
    code(r"""
ttt = games.TicTacToe()
ttt_natural = search.alphabeta(ttt)
ttt_static = search.alphabeta(ttt, order="static")
print(f"natural order: value {ttt_natural.value}, {ttt_natural.stats.nodes:,} nodes, "
      f"first move {ttt_natural.move}")
print(f"static order:  value {ttt_static.value}, {ttt_static.stats.nodes:,} nodes "
      f"+ {ttt_static.stats.order_evaluations:,} evaluations to sort, first move {ttt_static.move}")
"""),
    code(r"""
assert ttt_natural.value == ttt_static.value == 0     # a draw either way
assert ttt_static.stats.nodes + ttt_static.stats.order_evaluations < ttt_natural.stats.nodes
"""),
    md(r"""
Even counting the evaluations spent on sorting, ranking by open lines saves about half of the work: on
tic-tac-toe the cheap evaluator is a good guide. (It also makes the program open in the centre,
square 4, where the natural order opens in the corner, square 0.)

## Ordering from previous searches: iterative deepening

The second source in seed 000: *"Previous searches of the game tree ... performed minimax evaluations
of many game positions. If available, these values may be used to rank the nodes."*

Iterative deepening makes its own previous searches: search to depth 1, then 2, then 3, ... up to the
depth we want, and let each iteration try first the move the previous iteration found best (then the
other moves by the values it backed up). `search.iterative_deepening(tree, d)` does this and keeps
every iteration's counts. The extra iterations are pure overhead, so the question is whether the better
order saves more than they cost.
"""),
    code(r"""
tree = trees.ordered(5, 7, "random", seed=3, noise=0.1)
single = search.alphabeta(tree)
deepening = search.iterative_deepening(tree, 7)
print("iteration depth   nodes   running total")
total = 0
for depth, result in enumerate(deepening.iterations, start=1):
    total += result.stats.nodes
    print(f"{depth:15}  {result.stats.nodes:6,}   {total:13,}")
print(f"one search to depth 7 in natural order: {single.stats.nodes:,} nodes")
"""),
    code(r"""
extra = deepening.nodes - deepening.last.stats.nodes      # what the shallower iterations cost
saved = single.stats.nodes - deepening.last.stats.nodes   # what their ordering saved at depth 7
assert deepening.value == single.value
assert deepening.nodes == total and extra < saved
extra, saved
"""),
    md(r"""
The six shallower iterations together cost fewer nodes than the last one alone: each ply multiplies
the work, so the earlier iterations form a small geometric series. The order they produce makes the
final depth-7 search about three times cheaper than the natural-order search, which more than pays
for them.

How good must the previous searches be? They rank moves by values backed up from the static evaluator,
so they can only be as good as the evaluator. Repeat with the six noise levels:
"""),
    code(r"""
def deepening_and_single(noise, b=5, d=7, seed=3):
    tree = trees.ordered(b, d, "random", seed, noise=noise)
    return search.iterative_deepening(tree, d).nodes, search.alphabeta(tree).stats.nodes

deepening_runs = {noise: deepening_and_single(noise) for noise in noises}
for noise, (all_iterations, one_search) in deepening_runs.items():
    print(f"noise {noise:4}: iterative deepening {all_iterations:6,} nodes in all, "
          f"one natural-order search {one_search:6,}")
"""),
    code(r"""
assert all(deep < one for noise, (deep, one) in deepening_runs.items() if noise <= 0.5)
assert deepening_runs[1.0][0] > deepening_runs[1.0][1]
"""),
    md(r"""
With a useful evaluator iterative deepening is cheaper than a single search, extra iterations included;
with a worthless one (`noise=1.0`) the iterations are wasted work. Real programs use iterative deepening
anyway, for a second reason: when the clock runs out, the last finished iteration already has a move.

## The killer heuristic

Seed 002 gives it in one line: *"Consider first the move that has the highest likelihood of being
ultimately chosen."* The classic way to guess that move is to remember, for every ply, the moves that
recently caused a cutoff there (the *killers*) and to try them first at the other nodes of the same
ply, wherever they are legal. A move that refutes one position often refutes its neighbours too: in
tic-tac-toe the square that completes or blocks a line is often the same square in many sibling
positions. `order="killer"` keeps two killers a ply (`ordering.KillerMoves`).
"""),
    code(r"""
print("depth limit   natural nodes   killer nodes")
killer_runs = {}
for depth in (3, 5, 7, 9):
    killer_runs[depth] = search.alphabeta(ttt, depth), search.alphabeta(ttt, depth, order="killer")
    natural, killer = killer_runs[depth]
    print(f"{depth:11}   {natural.stats.nodes:13,}   {killer.stats.nodes:12,}")
"""),
    code(r"""
for natural, killer in killer_runs.values():
    assert natural.value == killer.value and killer.stats.nodes < natural.stats.nodes
"""),
    md(r"""
Killers cost nothing to compute (no evaluation, just a short list per ply) and save about 40% of the
nodes on the full game. But they rely on a move *meaning* the same thing in sibling positions. In a
generated tree, child number 2 of one node has nothing to do with child number 2 of its neighbour, and
the heuristic has nothing to learn:
"""),
    code(r"""
random_tree = trees.ordered(5, 7, "random", seed=3)
natural, killer = search.alphabeta(random_tree), search.alphabeta(random_tree, order="killer")
natural.stats.nodes, killer.stats.nodes
"""),
    code(r"""
assert killer.stats.nodes > 0.95 * natural.stats.nodes    # no real gain on a random tree
"""),
    md(r"""
That is the general lesson of move ordering: every heuristic bets that nearby positions in the tree
behave alike (the evaluator's values, the previous iteration's values, the refuting move). On real
games the bet pays; on a tree without structure nothing can.

## Explore: b, d and q

The growth explorer measures alpha-beta's leaves against depth on `trees.ordered` trees and draws them
with the $b^d$, Knuth–Moore and Pearl curves. Move the sliders for the branching factor `b`, the depth
`d` and the probability `q` (with the ordering "quality q"), or pick the best, random or worst ordering,
and watch where the measured line falls between the curves.
"""),
    code(r"""
widgets.growth_explorer(branching=4, depth=6, ordering="quality q")
""", WIDGET),
    md(r"""
## Exercises

1. Without running anything: how many leaves does alpha-beta evaluate on `trees.ordered(3, 6, "best")`?
   And on `trees.ordered(3, 6, "worst")`? Then check with `search.alphabeta`.
2. In the static-ordering table the evaluations spent on sorting grow with the noise, although every
   node still has five children to rank. Why?
3. Run iterative deepening on the whole of tic-tac-toe, `search.iterative_deepening(games.TicTacToe(), 9)`,
   and compare its total node count with one natural-order alpha-beta search. Does the extra work pay
   here? What changes with `table=True`?
4. Why can the killer heuristic help on tic-tac-toe but not on `trees.ordered(..., "random")`?

<details><summary>Answer</summary>

1. Best order: the Knuth–Moore count $3^3 + 3^3 - 1 = 53$ leaves. Worst order: all $3^6 = 729$.
   `search.alphabeta(trees.ordered(3, 6, "best")).stats.leaves` and the same with `"worst"` confirm it.
2. Sorting evaluates the children of every interior node that is *searched*. A noisier evaluator gives
   a worse order, fewer subtrees are pruned, more interior nodes are searched, and each of them pays
   for ranking its children.
3. It roughly breaks even (18,137 nodes in all against 18,297): a game only nine plies deep, with
   branching that shrinks every ply, leaves little for a better order to save. With `table=True` (one
   transposition table shared by all iterations, see notebook 06) the total drops to 8,571.
4. A killer is a *move*, remembered by its name (a square). In tic-tac-toe a square that refutes one
   position often refutes its siblings, which differ from it by one mark. In a generated tree children
   are numbered arbitrarily: child 2 of one node and child 2 of its sibling are unrelated, so a killer
   is no better a guess than any other child.
</details>
"""),
    nav(NB03, NB05),
]

# ----------------------------------------------------------------------------------------------
# 05 the square-root speedup
# ----------------------------------------------------------------------------------------------

NB05_CELLS = [
    nav(NB04, NB06),
    md(r"""
# 05 · The square-root speedup

Notebook 04 showed that alpha-beta's cost depends on move ordering. This notebook puts numbers on it.
The yardstick is the **effective branching factor**: if a search to depth $d$ evaluated $N$ leaves, its
effective branching factor is the $b^*$ with $(b^*)^d = N$, the branching factor of a uniform tree that
would cost as much (`analysis.effective_branching_factor`). Minimax on a uniform tree of branching $b$
has $b^* = b$. Alpha-beta has

* $b^* \to \sqrt{b}$ with the **best** move first everywhere (Knuth and Moore, 1975);
* $b^* \to R_b \approx b^{3/4}$ with **random** ordering (Pearl, 1982);
* $b^* = b$ with the **worst** ordering: nothing saved.

The square root is what seed 000 means by *"on average the tree can be searched twice as deeply as
before"*; the last section checks that claim directly, for a fixed budget of nodes.
"""),
    code("%matplotlib inline\nimport math\nimport statistics\n\n"
         "from mmlib import analysis, draw, search, trees, widgets\n"
         "from mmlib.errors import NodeBudgetExceeded"),
    md(r"""
## Perfect ordering: exactly $b^{\lceil d/2\rceil} + b^{\lfloor d/2\rfloor} - 1$ leaves

Why a square root? Think about what alpha-beta *must* look at when the best move always comes first.
To establish a node's value, the player to move needs to search only its best child fully; to show that
any other child is no better, one good refutation of it suffices, so below a refuted child only one
grandchild needs searching. Knuth and Moore showed that the nodes every algorithm has to examine form a
*minimal tree*, in which (away from the principal line) every other level keeps only one child, and that
alpha-beta with perfect ordering examines exactly that tree. Counting its leaves gives

$$b^{\lceil d/2\rceil} + b^{\lfloor d/2\rfloor} - 1 ,$$

roughly $2\,b^{d/2}$ instead of $b^d$. We check the formula exactly, leaf for leaf, on every combination
of $b = 2..6$ and $d = 1..7$, using `trees.ordered(b, d, "best")`:
"""),
    code(r"""
checked = 0
for b in range(2, 7):
    for d in range(1, 8):
        leaves = search.alphabeta(trees.ordered(b, d, "best")).stats.leaves
        assert leaves == b ** math.ceil(d / 2) + b ** math.floor(d / 2) - 1
        assert leaves == analysis.knuth_moore_leaves(b, d)
        checked += 1
checked
"""),
    md(r"""
All 35 trees agree with the formula. A second, independent check: `analysis.minimal_tree_paths(b, d)`
builds Knuth and Moore's minimal tree directly from its definition (a node on the principal line keeps
all its children; a "refuted" node keeps only its first child; that child keeps all of its own). The
leaves alpha-beta evaluates, in the order it evaluates them (`stats.leaf_order`), are exactly the leaves
of that tree. (Notebook 04 draws one: $b = 3$, $d = 3$.)
"""),
    code(r"""
for b, d in [(2, 7), (3, 4), (4, 5), (5, 3)]:
    evaluated = search.alphabeta(trees.ordered(b, d, "best")).stats.leaf_order
    minimal_leaves = [path for path in analysis.minimal_tree_paths(b, d) if len(path) == d]
    assert evaluated == minimal_leaves
minimal_leaves[:6]
"""),
    md(r"""
The first leaves of the last tree ($b = 5$, $d = 3$) show the pattern: below the principal node
`(0, 0)` all five leaves are evaluated; below `(0, 1)`, which only has to be refuted, just its first
child.

Now the effective branching factor for $b = 4$:
"""),
    code(r"""
b = 4
best_rows = analysis.sweep([b], range(1, 11), ["best"], ["alphabeta"])
print(" d   leaves        b^d     b*")
for row in best_rows:
    d, leaves = row["depth"], row["leaves"]
    print(f"{d:2} {leaves:8,} {b ** d:10,}  {analysis.effective_branching_factor(leaves, d):.3f}")
"""),
    md(r"""
At depth 10 alpha-beta evaluates 2,047 leaves where minimax evaluates 1,048,576. The effective branching
factor is still above $\sqrt{4} = 2$ because of the factor 2 in $2\,b^{d/2}$: $b^* \approx
\sqrt b \cdot 2^{1/d}$, which creeps down towards 2 as $d$ grows. The formula lets us look far deeper than
any search could:
"""),
    code(r"""
ebf_best = {d: analysis.effective_branching_factor(analysis.knuth_moore_leaves(4, d), d)
            for d in (10, 20, 40, 80)}
{d: round(value, 3) for d, value in ebf_best.items()}
"""),
    code(r"""
values = list(ebf_best.values())
assert values == sorted(values, reverse=True) and all(v > 2 for v in values)
assert values[-1] < 2 * 1.01            # within 1% of the square root of 4 at depth 80
"""),
    md(r"""
## Random ordering: Pearl's $R_b$

Real move ordering is neither perfect nor adversarial. Pearl's model is a uniform tree whose leaf
values are independent random numbers, so that no order is better than another; `trees.uniform(b, d,
seed)` builds such trees. Pearl proved that alpha-beta's branching factor on them tends to

$$R_b = \frac{\xi_b}{1 - \xi_b}, \qquad \xi_b \text{ the positive root of } x^b + x - 1 = 0,$$

which is close to $b^{3/4}$ for moderate $b$ (`analysis.pearl_branching`). Here are $R_b$ and $b^{3/4}$
side by side:
"""),
    code(r"""
{b: (round(analysis.pearl_branching(b), 3), round(b ** 0.75, 3)) for b in (2, 3, 4, 6, 10)}
"""),
    md(r"""
$R_2$ is the golden ratio. $R_b$ is a limit for $d \to \infty$ and an average over random trees, so we
measure it statistically: 20 trees (seeds 0 to 19) for each depth $d = 1..9$ with $b = 4$. For each
depth we report the mean effective branching factor and its 95% confidence band, mean
$\pm 1.96\,s/\sqrt n$, with $s$ the standard deviation over the $n = 20$ trees.
"""),
    code(r"""
def band(samples):
    '''The mean of the samples and the half-width of the 95% confidence band of the mean.'''
    return statistics.mean(samples), 1.96 * statistics.stdev(samples) / math.sqrt(len(samples))

b, depths, seeds = 4, range(1, 10), range(20)
random_rows = analysis.sweep([b], depths, ["uniform"], ["alphabeta"], seeds)
leaves = {d: [row["leaves"] for row in random_rows if row["depth"] == d] for d in depths}
ebf_random = {d: band([analysis.effective_branching_factor(n, d) for n in leaves[d]]) for d in depths}
for d, (mean, half) in ebf_random.items():
    print(f"d = {d}: b* = {mean:.3f} ± {half:.3f}")
"""),
    md(r"""
(At depth 1 there is nothing to prune, so every tree gives exactly 4.) The bands sit well between
$\sqrt 4 = 2$ and $4$ and come down with depth, but at depth 9 they are still above
$R_4 \approx 2.63$: as with $2^{1/d}$ above, a constant factor in the leaf count is spread over only
$d$ plies. A sharper estimate of the *growth* compares depth $d$ with depth $d - 2$ (two plies, so that a
MAX level and a MIN level count once each): $\sqrt{N_d / N_{d-2}}$ for each tree.
"""),
    code(r"""
growth = {d: band([math.sqrt(n / m) for n, m in zip(leaves[d], leaves[d - 2], strict=True)])
          for d in depths if d >= 3}
for d, (mean, half) in growth.items():
    print(f"d = {d}: growth per ply {mean:.3f} ± {half:.3f}")
r4 = analysis.pearl_branching(4)
print(f"Pearl's R_4 = {r4:.3f}")
"""),
    code(r"""
for d in depths:
    mean, half = ebf_random[d]
    if d >= 2:
        assert math.sqrt(b) < mean - half and mean + half < b   # strictly between best and worst
mean, half = growth[9]
assert mean - half < r4 < mean + half                          # Pearl's R_4 inside the band at d = 9
"""),
    md(r"""
At depth 9 Pearl's $R_4$ lies inside the confidence band of the measured growth per ply. With random
ordering alpha-beta replaces $b$ by about $b^{3/4}$: a search can go about $4/3$ as deep as minimax.

## The worst ordering: no speedup at all

With the worst order (`trees.ordered(b, d, "worst")`) alpha-beta evaluates all $b^d$ leaves, so
$b^* = b$ exactly:
"""),
    code(r"""
worst_rows = analysis.sweep([4], range(1, 8), ["worst"], ["alphabeta"])
assert all(row["leaves"] == 4 ** row["depth"] for row in worst_rows)
[round(analysis.effective_branching_factor(row["leaves"], row["depth"]), 9) for row in worst_rows]
"""),
    md(r"""
## The three regimes in one picture

Effective branching factor against depth for $b = 4$: the best order (measured points, with the
Knuth–Moore formula as a dashed curve), random order (the mean with its 95% band over the 20 trees) and
the worst order, with the three limits $\sqrt b$, $R_b$ and $b$ as horizontal lines.
"""),
    code(r"""
figure = draw.plot_ebf(best_rows + random_rows + worst_rows, title="Alpha-beta, b = 4")
ax = figure.axes[0]
ds = list(depths)
low = [ebf_random[d][0] - ebf_random[d][1] for d in ds]
high = [ebf_random[d][0] + ebf_random[d][1] for d in ds]
ax.fill_between(ds, low, high, alpha=0.3, label="95% band, random")
km = range(1, 11)
ax.plot(km, [analysis.effective_branching_factor(analysis.knuth_moore_leaves(4, d), d) for d in km],
        "k:", lw=1.2, label="Knuth–Moore formula")
ax.legend(fontsize=7.5, ncol=2)
figure
"""),
    md(r"""
## Twice as deep for the same budget

Seed 000's claim, *"the tree can be searched twice as deeply as before"*, is about a fixed amount of
work. Give each search a budget of 10,000 nodes and ask how deep a complete search of a uniform tree can
go within it:

* **minimax** visits every node, $1 + b + \dots + b^d$ of them (`trees.uniform_node_count`);
* **alpha-beta** is run for real with `max_nodes=budget` for depth 1, 2, 3, ... until the search raises
  `NodeBudgetExceeded`: once on trees with the best ordering and once on Pearl's random trees.
"""),
    code(r"""
def deepest(budget, make_tree):
    '''The largest depth d such that alpha-beta on make_tree(d) stays within the budget of nodes.'''
    depth = 0
    while True:
        try:
            search.alphabeta(make_tree(depth + 1), max_nodes=budget)
        except NodeBudgetExceeded:
            return depth
        depth += 1

def deepest_minimax(budget, b):
    return max(d for d in range(64) if trees.uniform_node_count(b, d) <= budget)
"""),
    md(r"""
A quick check that minimax really visits all $1 + b + \dots + b^d$ nodes (so the formula is a fair
stand-in for running it):
"""),
    code(r"""
full = search.minimax(trees.uniform(4, 5))
assert full.stats.nodes == trees.uniform_node_count(4, 5) == 1 + 4 + 16 + 64 + 256 + 1024
"""),
    code(r"""
budget = 10_000
print(" b   minimax   alpha-beta random   alpha-beta best")
reach = {}
for b in (2, 3, 4, 5, 6, 8, 10):
    reach[b] = (deepest_minimax(budget, b),
                deepest(budget, lambda d, b=b: trees.uniform(b, d, seed=0)),
                deepest(budget, lambda d, b=b: trees.ordered(b, d, "best")))
    print(f"{b:2} {reach[b][0]:9} {reach[b][1]:19} {reach[b][2]:17}")
"""),
    code(r"""
for b, (minimax_depth, random_depth, best_depth) in reach.items():
    assert minimax_depth < random_depth < best_depth
    assert best_depth >= 1.6 * minimax_depth     # close to twice as deep
    assert analysis.knuth_moore_nodes(b, best_depth) <= budget < analysis.knuth_moore_nodes(b, best_depth + 1)
"""),
    md(r"""
For the same 10,000 nodes alpha-beta with perfect ordering searches 1.6 to 2 times as deep as minimax
(twice as deep minus a constant, from the factor 2 in the Knuth–Moore count, so the ratio tends to 2 as
the budget grows), and the last assertion checks that the measured depth is exactly what the
Knuth–Moore node count `analysis.knuth_moore_nodes` predicts. With random ordering the gain is
smaller, as $R_b \approx b^{3/4}$ says. For $b = 4$ it is the difference between looking 6 moves
ahead and looking 11 moves ahead.

## Explore

The growth explorer: leaves against depth for one ordering at a time (best, random, worst or quality
$q$), with sliders for $b$, $d$, $q$ and the seed, and the curves $b^d$, Knuth–Moore and $R_b^d$; its
status line gives the effective branching factor of the deepest search. Try a large $b$ with a small
$d$, then the reverse, and compare the effective branching factor with $\sqrt b$ and $R_b$.
"""),
    code(r"""
widgets.growth_explorer(branching=4, depth=8, ordering="best")
""", WIDGET),
    md(r"""
## Exercises

1. With perfect ordering, how many leaves does alpha-beta evaluate on a tree with $b = 10$, $d = 6$?
   How many does minimax evaluate? Compute, then check with `analysis.knuth_moore_leaves`.
2. Chess has $b \approx 35$. Using $R_b$ and $\sqrt b$, estimate the effective branching factor of
   alpha-beta in chess with random and with perfect ordering.
3. Why does the Knuth–Moore count have $\lceil d/2\rceil$ and $\lfloor d/2\rfloor$ rather than $d/2$
   twice? What happens at odd depths?
4. Rerun the budget table with `budget = 100_000`. Does the ratio of alpha-beta's best depth to
   minimax's depth get closer to 2?

<details><summary>Answer</summary>

1. $10^3 + 10^3 - 1 = 1{,}999$ leaves against $10^6$; `analysis.knuth_moore_leaves(10, 6)` gives 1999.
2. `analysis.pearl_branching(35)` is about 12.8 with random ordering ($35^{3/4} \approx 14.4$);
   $\sqrt{35} \approx 5.9$ with perfect ordering.
3. The minimal tree has two kinds of lines: along one kind MAX's levels keep all $b$ children and MIN's
   keep one, along the other kind the reverse. At an even depth both kinds pass $d/2$ "all children"
   levels; at an odd depth one kind passes one more than the other, so the two terms differ by a factor
   $b$. For example $b = 4$, $d = 3$: $16 + 4 - 1 = 19$.
4. Mostly. With 100,000 nodes: $b = 2$, minimax depth 15 against 27 (ratio 1.8, up from 1.67);
   $b = 10$, 4 against 8; but $b = 4$, 8 against 14 (1.75, down from 1.83). Depths are whole numbers, so
   the ratio jumps about; what holds is that alpha-beta's depth is about twice minimax's *minus a
   constant*, so the ratio tends to 2, slowly.
</details>
"""),
    nav(NB04, NB06),
]

# ----------------------------------------------------------------------------------------------
# 06 tic-tac-toe, solved
# ----------------------------------------------------------------------------------------------

NB06_CELLS = [
    nav(NB05, NB07),
    md(r"""
# 06 · Tic-tac-toe, solved

Tic-tac-toe is small enough to search completely: no depth limit, no evaluator, every game played to
the end. In this notebook we solve it three times (minimax, alpha-beta, alpha-beta with a transposition
table), see why the third is so much cheaper, find the best opening moves, see why the depth-adjusted
scores of seed 003 matter, and finally play against the solved game.

Scoring (seed 003): +10 when X (MAX, who moves first) has won, −10 when O has won, 0 for a draw.
"""),
    code("%matplotlib inline\nfrom mmlib import analysis, draw, games, search, widgets\n"
         "from mmlib.table import TranspositionTable"),
    md(r"""
## The whole game, counted

`analysis.census` walks the complete game tree: every node, every finished game and who won it, and
the number of *distinct* positions among all those nodes.
"""),
    code(r"""
ttt = games.TicTacToe()
census = analysis.census(ttt)
census
"""),
    md(r"""
These are the well-known figures for tic-tac-toe: 549,946 nodes counting the empty board; 255,168
complete games, of which X wins 131,184, O wins 77,904 and 46,080 are draws; but only 5,478 different
positions. (The famous $9! = 362{,}880$ counts the orders of filling all nine squares, ignoring that most
games end before the board is full.)
"""),
    code(r"""
assert census == {"nodes": 549_946, "games": 255_168, "max_wins": 131_184, "min_wins": 77_904,
                  "draws": 46_080, "positions": 5_478}
assert census["max_wins"] + census["min_wins"] + census["draws"] == census["games"]
"""),
    md(r"""
## Three searches of the same game
"""),
    code(r"""
plain = search.minimax(ttt)
pruned = search.alphabeta(ttt)
remembered = search.alphabeta(ttt, table=True)
print("                    value    nodes   leaves  table hits")
for name, result in [("minimax", plain), ("alpha-beta", pruned), ("alpha-beta + table", remembered)]:
    s = result.stats
    print(f"{name:18} {result.value:6} {s.nodes:8,} {s.leaves:8,} {s.table_hits:11,}")
"""),
    md(r"""
All three agree: **tic-tac-toe is a draw** with perfect play. Minimax visits the whole tree, exactly
the census's nodes, and evaluates every finished game. Alpha-beta gets the same answer from 30 times
fewer nodes. Alpha-beta with a transposition table needs fewer nodes than there are distinct
positions.
"""),
    code(r"""
assert plain.value == pruned.value == remembered.value == 0
assert plain.stats.nodes == census["nodes"] and plain.stats.leaves == census["games"]
assert remembered.stats.nodes < census["positions"] < pruned.stats.nodes < plain.stats.nodes
"""),
    md(r"""
## Why the table helps: the tree is really a graph

Seed 000 says it in passing: *"Actually, in general the tree is a graph, because there may be more
than one way to get to a particular state."* In tic-tac-toe, X in a corner, O in the centre, X in the
opposite corner is the same position whichever corner X took first:
"""),
    code(r"""
def play_moves(game, moves):
    state = game.initial
    for move in moves:
        state = game.play(state, move)
    return state

one_way, other_way = play_moves(ttt, [0, 4, 8]), play_moves(ttt, [8, 4, 0])
assert one_way == other_way
draw.draw_board(ttt, one_way, title="X 0, O 4, X 8 = X 8, O 4, X 0")
"""),
    md(r"""
The game tree holds a separate copy of that position, and of everything below it, for every move order
that reaches it. How many copies are there? Count, ply by ply, the nodes of the tree
(`stats.nodes_by_depth` of the minimax search) and the distinct positions after that many moves:
"""),
    code(r"""
def positions_by_ply(game):
    '''The sets of distinct positions reachable after 0, 1, 2, ... moves.'''
    layers = [{game.initial}]
    while True:
        following = {game.play(s, m) for s in layers[-1] for m in game.moves(s)}
        if not following:
            return layers
        layers.append(following)

layers = positions_by_ply(ttt)
print("ply   tree nodes   positions   copies of each position (mean)")
for ply, layer in enumerate(layers):
    nodes = plain.stats.nodes_by_depth[ply]
    print(f"{ply:3} {nodes:12,} {len(layer):11,} {nodes / len(layer):14.1f}")
"""),
    code(r"""
assert sum(len(layer) for layer in layers) == census["positions"]
assert sum(plain.stats.nodes_by_depth) == census["nodes"]
"""),
    md(r"""
From the sixth ply on, every position appears dozens, then hundreds, then (on full boards) over a
thousand times in the tree. A transposition table
(`mmlib.table.TranspositionTable`) remembers what the search found about each position, keyed by the
position itself (`game.key`); when the same position comes back by another move order, the search looks
the answer up instead of searching it again (a *table hit*). With alpha-beta there is one subtlety: a
value found inside a narrow window may be only a bound ("at least 0"), so every entry records whether
its value is exact, a lower bound or an upper bound, and is used only when it settles the question.

We can keep the table to look inside it after the search:
"""),
    code(r"""
table = TranspositionTable()
with_table = search.alphabeta(ttt, table=table)
print(f"{len(table):,} positions stored, {with_table.stats.table_hits:,} table hits")
print(f"the empty board: {table.entry(ttt.initial)}")
"""),
    code(r"""
assert len(table) <= census["positions"]
assert with_table.stats.nodes == remembered.stats.nodes
assert table.entry(ttt.initial).value == 0 and table.entry(ttt.initial).flag == "exact"
"""),
    md(r"""
## The best opening moves

`search.move_values` searches every move of a position separately and reports its exact value. For
X's first move:
"""),
    code(r"""
def grid(values):
    '''A 3 x 3 text board with a value (or a mark) on each square.'''
    return "\n".join(" ".join(f"{str(values.get(square, '.')):>4}" for square in range(row, row + 3))
                     for row in (0, 3, 6))

openings = search.move_values(ttt)
print(grid({move: result.value for move, result in openings.items()}))
"""),
    md(r"""
Every opening is worth 0: whatever X plays first, O can hold the draw, so as far as the value goes there
is no best opening. The differences appear one move later. After X takes the centre, or a corner, the
values of O's replies are:
"""),
    code(r"""
def reply_values(first_move):
    after = ttt.play(ttt.initial, first_move)
    values = {move: result.value for move, result in search.move_values(ttt, state=after).items()}
    return {**values, first_move: "X"}

print("X in the centre:")
print(grid(reply_values(4)))
print("X in a corner:")
print(grid(reply_values(0)))
"""),
    code(r"""
assert all(result.value == 0 for result in openings.values())
centre, corner = reply_values(4), reply_values(0)
assert {m for m, v in centre.items() if v == 0} == {0, 2, 6, 8}   # against the centre: any corner
assert {m for m, v in corner.items() if v == 0} == {4}            # against a corner: only the centre
"""),
    md(r"""
Against the centre O must take a corner (an edge loses); against a corner O has exactly **one**
drawing reply, the centre, and all seven others lose. So the corner is the practical best opening: it
leaves an imperfect opponent the most ways to go wrong.

## Depth-adjusted scores

With ±10 / 0 scoring all wins look alike, so a program may happily choose a *slower* win. Here X is to
move and can win at once in square 2, completing the right-hand column:
"""),
    code(r"""
board = "...O.X.OX"
draw.draw_board(games.TicTacToe(board))
"""),
    code(r"""
flat = search.minimax(games.TicTacToe(board, scoring="ten"))
adjusted = search.minimax(games.TicTacToe(board, scoring="depth-adjusted"))
print(f"+10 / -10 scores:     value {flat.value}, plays {flat.move}, line {flat.pv}")
print(f"depth-adjusted scores: value {adjusted.value}, plays {adjusted.move}, line {adjusted.pv}")
"""),
    md(r"""
With ±10 both plans are worth +10 and minimax keeps the first one it found: square 0, which also wins,
but two moves later (it threatens two lines and O can block only one). Seed 003's depth-adjusted scores,
WIN − depth and LOSS + depth (depth = moves played since the position searched), make the immediate win
worth $10 - 1 = 9$ and the slower one $10 - 3 = 7$, so the program takes the win now. The same rule makes
a losing side prefer the *longest* defeat, which gives its opponent the most chances to go wrong.
"""),
    code(r"""
assert flat.value == 10 and flat.move != 2 and len(flat.pv) == 3
assert adjusted.value == 9 and adjusted.pv == (2,)
"""),
    md(r"""
## Play against the computer

The computer plays the solved game with alpha-beta and the depth-adjusted scores; here it moves first,
as X. After each of its moves the status line gives the nodes minimax and alpha-beta needed from that
position and the value of each move it considered. It cannot lose, so the best you can do is draw:
try a reply that the table above says loses and watch it punish you, and watch the node counts shrink as
the board fills up. (`computer_first=False` lets you play X; `depth=2` makes it play by two-ply search
with the open-lines evaluator instead, and then it can be beaten.)
"""),
    code(r"""
widgets.play_tictactoe(computer_first=True, scoring="depth-adjusted")
""", WIDGET),
    md(r"""
## Exercises

1. X takes the centre and O answers on an edge, square 1. X now wins; with best play on both sides, how
   many more moves does the game last? Use the depth-adjusted scoring and
   `games.TicTacToe(".O..X....", scoring="depth-adjusted")`.
2. The table search visits fewer nodes than there are distinct positions. How can it skip positions
   altogether, when the table only saves work on positions it has *already* seen?
3. Search the whole game a second time with the same table, `search.alphabeta(ttt, table=table)`. How many
   nodes does it visit, and why?

<details><summary>Answer</summary>

1. `search.minimax(games.TicTacToe(".O..X....", scoring="depth-adjusted"))` has value 5 = 10 − 5: X wins
   on the fifth move from there (its own third move), for example along the line `(0, 8, 3, 2, 5)`.
2. Alpha-beta prunes: most positions are never reached at all, because a cutoff above them made them
   irrelevant. The table prevents *repeated* work on the positions that are reached; pruning avoids the
   others.
3. One node: the empty board is in the table with its exact value, so the second search is answered by a
   single table hit at the root.
</details>
"""),
    nav(NB05, NB07),
]


NOTEBOOKS_TO_WRITE = {
    "04_move_ordering.ipynb": NB04_CELLS,
    "05_square_root_speedup.ipynb": NB05_CELLS,
    "06_tictactoe_solved.ipynb": NB06_CELLS,
}


def write(name: str, cells: list) -> Path:
    notebook = new_notebook(cells=cells)
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                       "language": "python"}
    notebook.metadata["language_info"] = {"name": "python"}
    path = NOTEBOOKS / name
    nbformat.write(notebook, path)
    return path


def main(names: list[str]) -> None:
    for name, cells in NOTEBOOKS_TO_WRITE.items():
        if not names or any(n in name for n in names):
            print(write(name, cells).name)


if __name__ == "__main__":
    main(sys.argv[1:])
