"""The cells of the three labs (read by make_labs.py): ("md" | "code" | "student", source).

"student" cells run the student's code, so they raise until the exercise is done.
"""

IMPORTS_1 = """
%matplotlib inline
import math  # noqa: F401 - for your code

from mmlib import check, draw, trees
"""

IMPORTS_2 = """
%matplotlib inline
import math

from mmlib import check, draw, quiz, trees
"""

IMPORTS_3 = """
%matplotlib inline
from mmlib import check
from mmlib.games.tictactoe import LINES
"""

NODES = """
## The node interface

Your functions receive a **node** with four things you may use:

| you write | you get |
|---|---|
| `node.children` | the list of child nodes, left to right (empty for a leaf) |
| `node.is_leaf()` | `True` when the node has no children |
| `node.value` | the node's **static evaluation**: for a leaf, its value (from MAX's point of view) |
| `node.label` | the node's name, as in the drawings (`"A"`, `"B"`, ...) |

Reading `node.value` *is* a static evaluation: the checker records every read, in order.
Interior nodes have a static value too (a rough estimate: the mean of their children's), which a
search uses only when it stops at its depth limit. The root is a MAX node and the players
alternate level by level; nothing on the node says whose turn it is: your `maximizing`
argument keeps track.
"""

LAB1 = [
    ("md", """
# Lab 1: minimax

You will write minimax exactly as the lecture pseudocode has it,
`minimax(position, depth, maximizingPlayer)`, then use it to choose a move. Each exercise
has a check cell: run it to get feedback. When something is wrong, the checker shows the
*smallest* tree on which your answer goes wrong, what it expected and what you did, and a hint.

| exercise | what | points |
|---|---|---|
| 1 | `minimax(node, depth, maximizing)` | 6 |
| 2 | `best_move(node, depth)` | 4 |
| | **total** | **10** |
"""),
    ("code", IMPORTS_1),
    ("md", NODES),
    ("code", """
root = check.lab_tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])   # AIMA figure 5.2
print(root, [child.label for child in root.children], root.children[0].children[0].value)
"""),
    ("code", """
draw.draw_tree(trees.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), values=False)
"""),
    ("md", """
## Exercise 1 (6 points): minimax

```
function minimax(position, depth, maximizingPlayer)
  if depth == 0 or game over in position
    return static evaluation of position
  if maximizingPlayer
    maxEval = -infinity
    for each child of position
      eval = minimax(child, depth - 1, false)
      maxEval = max(maxEval, eval)
    return maxEval
  else
    minEval = +infinity
    for each child of position
      eval = minimax(child, depth - 1, true)
      minEval = min(minEval, eval)
    return minEval
```

"Game over" is `node.is_leaf()`; the static evaluation is `node.value`. Use `math.inf`.
"""),
    ("code", """
def minimax(node, depth, maximizing):
    ### BEGIN SOLUTION
    if depth == 0 or node.is_leaf():
        return node.value
    if maximizing:
        best = -math.inf
        for child in node.children:
            best = max(best, minimax(child, depth - 1, False))
        return best
    best = math.inf
    for child in node.children:
        best = min(best, minimax(child, depth - 1, True))
    return best
    ### END SOLUTION
"""),
    ("md", "Try it on the tree above: its value is 3 (AIMA figure 5.2)."),
    ("student", """
minimax(root, 2, True)
"""),
    ("md", "The check runs your function on the lecture's trees and on over a hundred generated ones."),
    ("student", """
check.check_minimax(minimax, raise_on_failure=True)
"""),
    ("md", """
## Exercise 2 (4 points): choosing a move

A value alone does not play the game. Write `best_move(node, depth)`: the index (0 for the
first child, 1 for the second...) of a child of the MAX node `node` with the best minimax
value, searching `depth` plies in all. Use your `minimax`.
"""),
    ("code", """
def best_move(node, depth):
    ### BEGIN SOLUTION
    values = [minimax(child, depth - 1, False) for child in node.children]
    return values.index(max(values))
    ### END SOLUTION
"""),
    ("student", """
best_move(root, 2)
"""),
    ("student", """
check.check_best_move(best_move, raise_on_failure=True)
"""),
    ("md", """
## Exercises

1. How many times does your `minimax` read `node.value` on a uniform tree of branching 3 and depth 4?
2. What does `minimax(root, 1, True)` return on the tree above, and why is it not 3?

<details><summary>Answer</summary>

1. Every leaf once: 3⁴ = 81 static evaluations (and no interior values).
2. At depth 1 the search stops at B, C and D and uses their static estimates (7, 4 and 7, the
   floors of the means of their children), so it returns 7: a depth-limited search is only as good
   as its evaluation function.

</details>
"""),
]

LAB2 = [
    ("md", """
# Lab 2: alpha-beta

Alpha-beta returns the minimax value while skipping the subtrees that cannot change it. The
check compares not only your value but the exact leaves you evaluate, in order: an alpha-beta
that prunes nothing is minimax, not alpha-beta. Then you predict by hand which leaves are pruned.

| exercise | what | points |
|---|---|---|
| 1 | `alphabeta(node, depth, alpha, beta, maximizing)` | 5 |
| 2 | pruned leaves on three lecture trees | 3 |
| 3 | pruned leaves on a quiz tree | 2 |
| | **total** | **10** |
"""),
    ("code", IMPORTS_2),
    ("md", NODES),
    ("md", """
## Exercise 1 (5 points): alpha-beta

```
function minimax(position, depth, alpha, beta, maximizingPlayer)
    if depth == 0 or game over in position
        return static evaluation of position
    if maximizingPlayer
        maxEval = -infinity
        for each child of position
            eval = minimax(child, depth - 1, alpha, beta, false)
            maxEval = max(maxEval, eval)
            alpha = max(alpha, eval)
            if beta <= alpha
                break
        return maxEval
    else
        minEval = +infinity
        for each child of position
            eval = minimax(child, depth - 1, alpha, beta, true)
            minEval = min(minEval, eval)
            beta = min(beta, eval)
            if beta <= alpha
                break
        return minEval
```

The fail-hard form of the recitation (values clamped to [alpha, beta]) passes the check too.
"""),
    ("code", """
def alphabeta(node, depth, alpha, beta, maximizing):
    ### BEGIN SOLUTION
    if depth == 0 or node.is_leaf():
        return node.value
    if maximizing:
        best = -math.inf
        for child in node.children:
            best = max(best, alphabeta(child, depth - 1, alpha, beta, False))
            alpha = max(alpha, best)
            if beta <= alpha:
                break
        return best
    best = math.inf
    for child in node.children:
        best = min(best, alphabeta(child, depth - 1, alpha, beta, True))
        beta = min(beta, best)
        if beta <= alpha:
            break
    return best
    ### END SOLUTION
"""),
    ("student", """
alphabeta(check.lab_tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), 2, -math.inf, math.inf, True)
"""),
    ("student", """
check.check_alphabeta(alphabeta, raise_on_failure=True)
"""),
    ("md", """
## Exercise 2 (3 points): predict the pruning

For each tree below, write the labels of the leaves that alpha-beta **never evaluates**
(children left to right, cutoff as soon as alpha ≥ beta), as a string such as `"K L"`. Work
it out on paper first: write [alpha, beta] beside each node as you go.
"""),
    ("code", """
aima = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]          # AIMA figure 5.2
slides = [[[3, 5], [6, 9]], [[1, 2], [0, -1]]]      # the A-G walkthrough of the slides
t1 = trees.from_text("ABCDEFGH\\nA: BC\\nB: DE\\nC: FGH\\nD 7\\nE 5\\nF 9\\nG 3\\nH 1")   # t1.in
draw.draw_tree(trees.from_nested(aima), values=False)
"""),
    ("code", """
draw.draw_tree(trees.from_nested(slides), values=False)
"""),
    ("code", """
draw.draw_tree(t1, values=False)
"""),
    ("code", """
### BEGIN SOLUTION
pruned_aima = "I J"
pruned_slides = "K N O"
pruned_t1 = "H"
### STUB pruned_aima = ...     # YOUR CODE HERE, e.g. "K L"
### STUB pruned_slides = ...
### STUB pruned_t1 = ...
### END SOLUTION
"""),
    ("student", """
check.check_pruned(aima, pruned_aima, title="AIMA figure 5.2", raise_on_failure=True)
"""),
    ("student", """
check.check_pruned(slides, pruned_slides, title="the A-G tree", raise_on_failure=True)
"""),
    ("student", """
check.check_pruned(t1, pruned_t1, title="t1.in", raise_on_failure=True)
"""),
    ("md", """
## Exercise 3 (2 points): a quiz tree

The same question on a tree from the quiz generator (`mmlib.quiz`), three moves per node.
"""),
    ("code", """
question = quiz.alpha_beta_question(seed=7, branching=3, depth=3, ordering="random")
question.figure()
"""),
    ("code", """
### BEGIN SOLUTION
pruned_quiz = " ".join(question.pruned)
### STUB pruned_quiz = ...     # YOUR CODE HERE
### END SOLUTION
"""),
    ("student", """
check.check_pruned(question.tree, pruned_quiz, title="quiz tree", raise_on_failure=True)
"""),
    ("md", """
## Exercises

1. Reorder the children of the AIMA tree so that alpha-beta evaluates as few leaves as possible.
   How many does it evaluate then?
2. Why may alpha-beta stop a MIN node as soon as `beta <= alpha`, and not only when `beta < alpha`?

<details><summary>Answer</summary>

1. The best move already comes first at the root (B, value 3) and C already starts with its
   smallest leaf (2); move D's 2 to the front: 3 + 1 + 1 = 5 leaves, the Knuth-Moore minimum
   3 + 3 − 1 for b = 3, d = 2.
2. When beta equals alpha, MAX above already has a move worth alpha; this MIN node can only end at
   or below alpha, so it cannot give MAX anything better: the remaining children cannot change the
   root's value.

</details>
"""),
]

LAB3 = [
    ("md", """
# Lab 3: a tic-tac-toe evaluator

An alpha-beta agent that looks only 3 plies ahead relies on its **evaluation function** at
the horizon. Your job: write an evaluator with which the agent never loses at tic-tac-toe, and
a move ordering that keeps each of its searches within a budget of nodes.

The check plays your agent as X and as O against **every possible reply** of the opponent
(which includes a perfect opponent): one lost game and it tells you which.

| exercise | what | points |
|---|---|---|
| 1 | `evaluate(board)`: never lose at depth 3 | 6 |
| 2 | `order_moves(board, moves)`: at most 120 nodes per search | 4 |
| | **total** | **10** |

A board is a string of nine characters `X`, `O` or `.`, row by row (squares 0 to 8). X moves
first; the player to move is X when both have as many marks. Values are from X's point of view:
a finished game scores +10 (X won), −10 (O won) or 0; your estimates must lie strictly between.
"""),
    ("code", IMPORTS_3),
    ("md", """
The open-lines heuristic of the slides, E(n) = M(n) − O(n) (lines still open to X minus lines
still open to O), is not good enough at this depth:
"""),
    ("code", """
def open_lines(board):
    x_open = sum(1 for line in LINES if all(board[square] != "O" for square in line))
    o_open = sum(1 for line in LINES if all(board[square] != "X" for square in line))
    return x_open - o_open


slides_report = check.check_evaluator(open_lines)
assert not slides_report.passed
slides_report
"""),
    ("md", """
## Exercise 1 (6 points): an evaluator that sees danger

Ideas: the player to move who has two in a row with the third square free is about to win; a
player facing two such threats at once is lost; otherwise open lines and the centre are a fine
tie-break. Keep the result strictly between −10 and +10.
"""),
    ("code", """
def evaluate(board):
    ### BEGIN SOLUTION
    to_move = "X" if board.count("X") == board.count("O") else "O"
    other = "O" if to_move == "X" else "X"
    sign = 1 if to_move == "X" else -1
    if threats(board, to_move):
        return 9 * sign
    if threats(board, other) >= 2:
        return -9 * sign
    centre = {"X": 0.5, "O": -0.5, ".": 0}[board[4]]
    return open_lines(board) / 2 + centre
    ### END SOLUTION


def threats(board, player):
    \"\"\"Lines where ``player`` has two marks and the third square is free.\"\"\"
    return sum(1 for line in LINES
               if sorted(board[square] for square in line) == sorted([player, player, "."]))
"""),
    ("student", """
check.check_evaluator(evaluate, raise_on_failure=True)
"""),
    ("md", """
## Exercise 2 (4 points): move ordering

With the children in square order, some searches need more than 120 nodes. Return the same
moves, the most promising first **for the player to move**: alpha-beta then cuts off early.
A good guess: the value of `evaluate` after the move (highest first for X, lowest first for O).
"""),
    ("code", """
def order_moves(board, moves):
    ### BEGIN SOLUTION
    player = "X" if board.count("X") == board.count("O") else "O"

    def after(move):
        return evaluate(board[:move] + player + board[move + 1:])

    return sorted(moves, key=after, reverse=player == "X")
    ### END SOLUTION
"""),
    ("student", """
check.check_agent(evaluate, order_moves, raise_on_failure=True)
"""),
    ("md", """
## Exercises

1. Does your agent still never lose at depth 2? Try `check.check_evaluator(evaluate, depth=2)`.
2. Why must a heuristic value stay strictly between −10 and +10?

<details><summary>Answer</summary>

1. Try it: an evaluator that recognises immediate threats and forks usually survives at depth 2
   as well, because it sees at the horizon what a deeper search would find.
2. A real win (+10) must always be preferred to a position that merely looks good, and a real
   loss avoided before any estimate: an estimate of 12 would make the agent walk past a win.

</details>
"""),
]

LABS = [LAB1, LAB2, LAB3]
