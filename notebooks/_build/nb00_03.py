# ruff: noqa: E501  (the cell texts below are prose and code as students see them)
"""Write the lecture notebooks 00-03 from the cell lists below (then execute them).

Each notebook is a list of cells: ``md(text)`` for prose, ``code(text)`` for code,
``widget(text)`` for a code cell that shows a live widget (tagged ``nbval-ignore-output``).

    .venv/bin/python notebooks/_build/nb00_03.py            # write all four
    .venv/bin/python notebooks/_build/nb00_03.py 03         # write one
    PYTHONHASHSEED=0 .venv/bin/jupyter nbconvert --to notebook --execute --inplace notebooks/03_*.ipynb
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import nbformat

HERE = Path(__file__).resolve().parent
NOTEBOOKS = HERE.parent

TITLES = {
    "00": ("00_start_here.ipynb", "Start here"),
    "01": ("01_game_trees_and_minimax.ipynb", "Game trees and minimax"),
    "02": ("02_depth_limits_and_evaluation.ipynb", "Depth limits and static evaluation"),
    "03": ("03_alpha_beta_pruning.ipynb", "Alpha-beta pruning"),
    "04": ("04_move_ordering.ipynb", "Move ordering"),
    "05": ("05_square_root_speedup.ipynb", "The square-root speedup"),
    "06": ("06_tictactoe_solved.ipynb", "Tic-tac-toe, solved"),
    "07": ("07_beyond_connect_four.ipynb", "Beyond tic-tac-toe: Connect Four"),
}


def md(text: str) -> nbformat.NotebookNode:
    return nbformat.v4.new_markdown_cell(textwrap.dedent(text).strip("\n"))


def code(text: str, tags: tuple[str, ...] = (), **insert: str) -> nbformat.NotebookNode:
    """A code cell; each ``{NAME}`` in text is replaced by ``insert[NAME]`` after dedenting."""
    source = textwrap.dedent(text).strip("\n")
    for name, value in insert.items():
        source = source.replace("{" + name + "}", value)
    cell = nbformat.v4.new_code_cell(source)
    if tags:
        cell.metadata["tags"] = list(tags)
    return cell


def widget(text: str) -> nbformat.NotebookNode:
    return code(text, ("nbval-ignore-output",))


def link(number: str) -> str:
    name, title = TITLES[number]
    return f"[{number} {title}]({name})"


def navigation(number: str) -> nbformat.NotebookNode:
    keys = list(TITLES)
    i = keys.index(number)
    parts = []
    if i > 0:
        parts.append(f"← previous: {link(keys[i - 1])}")
    if number not in ("00", "01"):
        parts.append("[start here](00_start_here.ipynb)")
    if i + 1 < len(keys):
        parts.append(f"next: {link(keys[i + 1])} →")
    return md(" · ".join(parts))


def write(number: str, cells: list) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [navigation(number), *cells, navigation(number)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                 "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    path = NOTEBOOKS / TITLES[number][0]
    nbformat.validate(nb)
    nbformat.write(nb, path)
    print("wrote", path.relative_to(NOTEBOOKS.parent))




# ---------------------------------------------------------------------------------------------
# 00 Start here
# ---------------------------------------------------------------------------------------------

def nb00() -> list:
    return [
        md("""
        # Start here: adversarial search in eight notebooks

        [![Binder](https://mybinder.org/badge_logo.svg)](https://mybinder.org/v2/gh/mmlib/mmlib/HEAD?labpath=notebooks%2F00_start_here.ipynb)

        This course is about how a program chooses a move in a two-player game — tic-tac-toe,
        checkers, chess, Connect Four — when the opponent is trying just as hard to win. It
        covers the two ideas every game-playing program is built on:

        - **minimax**: look ahead through the tree of possible moves and assume that both sides
          play their best;
        - **alpha-beta pruning**: get the *same* answer while skipping the parts of the tree that
          cannot change it — with good move ordering, the search can look about twice as deep
          for the same effort.

        Everything is done with `mmlib`, a small Python library written for this course. Every
        number and every figure in these notebooks is computed by `mmlib` when the notebook runs;
        the claims in the prose are checked with `assert` right next to them, so if a claim were
        wrong the notebook would stop with an error.
        """),
        md(f"""
        ## The map

        | notebook | what it shows |
        |---|---|
        | {link("00")} | this page: the map, how to use the sliders, a 30-second taste |
        | {link("01")} | game trees, minimax by hand and by `mmlib`, MAX/MIN and AND/OR, tic-tac-toe scores, how big the tic-tac-toe tree is |
        | {link("02")} | searching to a depth limit, static evaluation functions, what each extra ply costs, the horizon effect |
        | {link("03")} | alpha-beta step by step, [α, β] windows, fail-soft and fail-hard, deep cutoffs, five pseudocodes compared |
        | {link("04")} | move ordering: best, random and worst orders, ordering by evaluation, iterative deepening, killer moves |
        | {link("05")} | the square-root speedup: effective branching factor √b (Knuth–Moore) and b^0.75 (Pearl) |
        | {link("06")} | tic-tac-toe solved with minimax, alpha-beta and a transposition table; play against the computer |
        | {link("07")} | beyond: a deeper game (Connect Four) where full search is impossible |

        Labs, with exercises to complete (solutions in `labs/solutions/`):

        - [Lab 1: minimax](labs/lab1_minimax.ipynb)
        - [Lab 2: alpha-beta](labs/lab2_alphabeta.ipynb)
        - [Lab 3: a tic-tac-toe evaluator](labs/lab3_tictactoe_evaluator.ipynb)

        Each lecture notebook stands on its own: it imports what it needs and does not rely on
        anything computed in another notebook. Read them in order the first time.
        """),
        md("""
        ## How to use these notebooks

        - **Run the cells in order**, top to bottom: click in a cell and press *Shift+Enter*, or use
          *Run → Run All Cells*. The outputs you see before running are the stored results of the
          last run; running again reproduces them exactly (nothing here is random).
        - **Sliders and buttons** (the *explorers*) only respond when the notebook is running (on your
          machine with `make lab`, or on Binder from the badge above). Drag a slider's handle with the
          mouse, or click the handle and press the arrow keys to move one step at a time; the figure
          and the sentence under it are redrawn after each step. Buttons such as **Next** advance
          one step. On a static page (GitHub, a PDF) the explorers show nothing — run the cell.
        - **Change things.** Every tree in the notebooks is a short nested list such as
          `[[3, 12, 8], [2, 4, 6], [14, 5, 2]]`: edit the numbers and re-run the cell.
        """),
        code("""
        %matplotlib inline
        from mmlib import draw, search, trees, widgets
        """),
        md("""
        ## A 30-second taste

        Here is the small game tree from Russell and Norvig's *Artificial Intelligence: A Modern
        Approach* (figure 5.2). You (MAX, ▲) pick one of three moves; then your opponent (MIN, ▼)
        picks one of three replies; the numbers at the bottom say how good each final position is
        for you.
        """),
        code("""
        tree = trees.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
        draw.draw_tree(tree, title="AIMA figure 5.2")
        """),
        md("""
        The opponent will answer each of your moves with the reply that is worst for you, so the
        three moves are worth 3, 2 and 2, and the best you can guarantee is 3. **Minimax** finds
        this by looking at every leaf; **alpha-beta** finds the same value while looking at fewer.
        Two numbers — the value, and the leaves each search evaluated:
        """),
        code("""
        by_minimax = search.minimax(tree)
        by_alphabeta = search.alphabeta(tree)
        print("minimax:    value", by_minimax.value, "after evaluating", by_minimax.stats.leaves, "leaves")
        print("alpha-beta: value", by_alphabeta.value, "after evaluating", by_alphabeta.stats.leaves, "leaves")
        """),
        code("""
        assert by_minimax.value == by_alphabeta.value == 3
        assert by_alphabeta.stats.leaves < by_minimax.stats.leaves == tree.leaf_count
        """),
        md("""
        Same answer, less work. The picture shows which leaves alpha-beta never looked at
        (faded, marked ✕) and the order in which it evaluated the others (the small numbers).
        Why it may skip them is the subject of [notebook 03](03_alpha_beta_pruning.ipynb); on
        bigger trees the saving grows from a couple of leaves to almost all of them
        ([notebook 05](05_square_root_speedup.ipynb)).
        """),
        code("""
        draw.draw_tree(search.alphabeta(tree, trace=True))
        """),
        md("""
        ### Try a slider

        The explorer below replays the alpha-beta search on this tree one step at a time. Press
        **Next**, or drag the slider (or click it and use the arrow keys): the figure shows the node
        being searched, the window [α, β] it was called with and the parts pruned so far, and the
        sentence under it says what just happened. (Nothing happens until the notebook is running.)
        """),
        widget("""
        widgets.step_through(tree, algorithm="alphabeta")
        """),
        md("""
        ## Exercises

        1. Change the leaf 2 under the middle move into 20 and re-run the taste cells. Which numbers
           change: the value, the leaves minimax evaluates, the leaves alpha-beta evaluates?
        2. Swap the first and last moves: `[[14, 5, 2], [2, 4, 6], [3, 12, 8]]`. Does minimax still
           evaluate 9 leaves? Does alpha-beta still evaluate the same number?

        <details><summary>Answer</summary>

        1. The middle move's replies become 20, 4 and 6, so the opponent's best answer to it is now
           4, which beats the 3 of the first move: the value becomes 4 and the best move is the
           middle one. Minimax still evaluates all 9 leaves — it always does. Alpha-beta now evaluates
           all 9 as well: after the first move it knows it can get 3, but none of the middle move's
           replies (20, 4, 6) is as bad as 3, so it cannot stop early there, and the last move's
           worst reply (2) comes last.
        2. Minimax always evaluates all 9 leaves, in any order. Alpha-beta happens to evaluate 7 again,
           in the same places, for a different reason: the first move is now worth only 2, so the middle
           move is cut off after its first reply (2 is no better than the 2 already guaranteed), and the
           last move has to be searched completely, because its replies 3, 12, 8 are all better than 2.
           The cell below checks both answers.

        </details>
        """),
        code("""
        changed = [[3, 12, 8], [20, 4, 6], [14, 5, 2]]
        assert search.minimax(changed).value == 4
        assert search.alphabeta(changed).stats.leaves == search.minimax(changed).stats.leaves == 9
        swapped = trees.from_nested([[14, 5, 2], [2, 4, 6], [3, 12, 8]])
        swapped_run = search.alphabeta(swapped)
        assert search.minimax(swapped).stats.leaves == 9
        assert swapped_run.stats.leaves == by_alphabeta.stats.leaves
        assert swapped_run.stats.leaf_order == by_alphabeta.stats.leaf_order   # the same positions
        print("swapped: minimax", search.minimax(swapped).stats.leaves, "leaves, alpha-beta",
              swapped_run.stats.leaves, "leaves:", [leaf.value for leaf in swapped.leaves()
                                                     if leaf.path in swapped_run.stats.leaf_order])
        """),
    ]


# ---------------------------------------------------------------------------------------------
# 01 Game trees and minimax
# ---------------------------------------------------------------------------------------------

def nb01() -> list:
    return [
        md("""
        # 01 · Game trees and minimax

        A game can be thought of as a tree of possible future game states. The current state is the
        root, drawn at the top; its children are the positions after each move we could make; their
        children are the positions after each reply of the opponent, and so on. The leaves are the
        final states, where one player has won or the game is a tie. (Strictly it is a graph, since
        the same position can be reached by different move orders — we come back to that at the end.)

        This notebook follows the CS312 recitation notes on minimax, the lecture notes on game search
        and the lecture slides of the course readings: minimax by hand and by `mmlib`, the MAX/MIN and
        AND/OR views of the same tree, the scores of tic-tac-toe, and how big the tic-tac-toe tree is.
        """),
        code("""
        %matplotlib inline
        import math

        from matplotlib.figure import Figure

        from mmlib import analysis, draw, games, search, trees
        """),
        md("""
        ## The smallest example

        The lecture slides start with "a game which has 4 final states": a perfect binary tree, with
        you (the maximizer) at the root and your opponent below. Going left, the minimizer chooses
        between 3 and 5 and "will definitely choose the least", 3; going right, between 2 and 9, so 2.
        "Being the maximizer you would choose the larger value that is 3": go left.
        """),
        code("""
        small = search.minimax([[3, 5], [2, 9]], trace=True)
        assert small.value == 3 and small.move == 0      # value 3, move LEFT (child 0)
        draw.draw_tree(small, title="The slides' first example")
        """),
        md("""
        ## A tree of wins and losses

        The recitation's first example has leaves marked only **W** (a win for us) and **L** (a
        loss), with L < W. `mmlib` works with numbers, so here **W = +100 and L = −100** (any two
        numbers with L < W would do; the recitation itself suggests ±∞). Nodes where we move are
        MAX nodes (the notes write them `+`, `mmlib` draws ▲); nodes where the opponent moves are MIN
        nodes (`−`, ▼). The recitation draws the tree as text art, whose indentation was lost in
        conversion; reconstructed from it, the root has two MIN children; the left one has a MAX
        child with leaves W, L, and a leaf L; the right one has three leaves L, W, W.
        """),
        code("""
        W, L = 100, -100
        wl_tree = trees.from_nested([[[W, L], L], [L, W, W]])
        draw.draw_tree(wl_tree, values=False, title="W/L tree (W = +100, L = -100)")
        """),
        md("""
        ### Minimax by hand

        "At nodes where we get to move, we take the max of the child values because we want to pick
        the best move; at nodes where the opponent moves we take the min." Here is the recitation's
        pseudocode, transcribed line for line (`v := L` starts a MAX node at the worst value,
        `v := W` a MIN node):
        """),
        code("""
        def minimax_by_hand(n):
            \"\"\"The minimax value of node n (CS312 recitation 21, first pseudocode).\"\"\"
            if n.is_leaf():
                return n.value
            if n.is_max:
                v = L
                for child in n.children:
                    v = max(v, minimax_by_hand(child))
                return v
            v = W
            for child in n.children:
                v = min(v, minimax_by_hand(child))
            return v

        {node.label: minimax_by_hand(node) for node in wl_tree.nodes() if not node.is_leaf()}
        """),
        md("""
        The recitation's second figure labels every node with its minimax value: the root is **L**
        ("a losing position, because the opponent can force the game to proceed to an L node"), both
        MIN nodes are L, and the MAX node at the bottom left is W. The same by hand and by `mmlib`:
        """),
        code("""
        by_hand = {node.label: minimax_by_hand(node) for node in wl_tree.nodes() if not node.is_leaf()}
        assert by_hand == {"A": L, "B": L, "C": L, "D": W}    # the recitation's labels
        result = search.minimax(wl_tree, trace=True)      # trace: keep every step, for the drawing
        assert result.value == by_hand["A"] == L
        result
        """),
        md("""
        `mmlib` also reports the principal variation `pv`, the moves both sides are expected to play
        (child indices, 0 = leftmost), and how much work it did: every one of the 6 leaves was
        evaluated. The drawing shows the value `mmlib` computed beside each node and the principal
        variation in red.
        """),
        code("""
        draw.draw_tree(result)
        """),
        md("""
        ### The same tree as an AND/OR tree

        The lecture notes on game search describe the same computation in logical terms. At our
        nodes we are happy if **any** move leads to a win: they are **OR** nodes. At the opponent's
        nodes we must cope with **anything** he might do, so a node is good for us only if **all**
        its branches are good: they are **AND** nodes.
        """),
        code("""
        def good_for_max(n) -> bool:
            \"\"\"AND/OR view: can MAX force a win from node n?\"\"\"
            if n.is_leaf():
                return n.value == W
            branches = (good_for_max(child) for child in n.children)
            return any(branches) if n.is_max else all(branches)

        {node.label: good_for_max(node) for node in wl_tree.nodes() if not node.is_leaf()}
        """),
        md("""
        With only wins and losses the two views agree everywhere: a node is good for MAX exactly when
        its minimax value is W. Minimax is the AND/OR tree with numbers in place of true/false, which
        is what lets it handle draws (the notes score win +1, loss −1, draw 0) and, in the next
        notebook, estimated values.
        """),
        code("""
        for node in wl_tree.nodes():
            assert good_for_max(node) == (minimax_by_hand(node) == W)
        """),
        md("""
        ## Tic-tac-toe scores: +10, −10 and 0

        The lecture slides score a finished tic-tac-toe game from the point of view of X, the
        maximizer: **+10 if X wins, −10 if O wins, 0 for a draw** ("we could have chosen any
        positive/negative value other than 10"). `games.TicTacToe()` uses exactly this scoring; a
        board is written as nine characters, row by row, with `.` for an empty square. The three
        end positions of the slides:
        """),
        code("""
        game = games.TicTacToe()      # scoring="ten": +10 / -10 / 0
        x_wins = game.state("XOX OOX ..X")
        o_wins = game.state("XOX OOX XO.")
        draw_ = game.state("XOX OOX XXO")
        for board in (x_wins, o_wins, draw_):
            print(game.render(board), "  ->", game.utility(board), end="\\n\\n")
        """),
        code("""
        assert (game.utility(x_wins), game.utility(o_wins), game.utility(draw_)) == (10, -10, 0)
        boards = Figure(figsize=(6.6, 2.4))
        for ax, board in zip(boards.subplots(1, 3), (x_wins, o_wins, draw_), strict=True):
            draw.draw_board(game, board, ax=ax, title=f"score {game.utility(board):+d}")
        boards
        """),
        md("""
        ### Three moves from one position

        The slides then look at the position with the top two rows filled and X to move. (Their
        picture of the game tree was lost; the position is the one their three end boards grow from.)
        X has three moves, in the bottom row: `[2,0]`, `[2,1]` and `[2,2]` as (row, column), which
        are squares 6, 7 and 8 here.
        """),
        code("""
        position = game.state("XOX OOX ...")
        print(game.render(position))
        values = {game.square(move): r.value for move, r in search.move_values(game, state=position).items()}
        values
        """),
        md("""
        - **Left** `[2,0]`: O answers `[2,1]` and wins — value −10.
        - **Middle** `[2,1]`: O answers `[2,2]` and the game is drawn — value 0. X *could* win if O
          blundered, but "O will never let that happen".
        - **Right** `[2,2]`: X wins at once — value +10, the move minimax picks.
        """),
        code("""
        assert values == {(2, 0): -10, (2, 1): 0, (2, 2): 10}
        best = search.minimax(game, state=position)
        assert game.square(best.move) == (2, 2) and best.value == 10
        """),
        md("""
        The slides draw "all the possible paths that the game can take" from this position; their
        picture was lost, and here it is redrawn by `mmlib`: every line of play to the end of the
        game, with the scores backed up and X's best line in red.
        """),
        code("""
        draw.draw_game_tree(game, state=position, depth=3, title="From the slides' position, X to move")
        """),
        md("""
        ### Winning faster: depth-adjusted scores

        With +10 for every win, minimax cannot tell a quick win from a slow one, and "might choose
        to make a move which will result in a slower victory or a faster loss." The slides' fix is to
        subtract the depth: a win is worth **WIN − depth**, a loss **LOSS + depth**. In `mmlib`,
        `scoring="depth-adjusted"` counts the depth as the number of moves made from the position the
        game starts in, so a win on the very next move is worth 10 − 1 = 9.

        A position to try it on (our own example; the slides only describe "move A wins in 2 moves,
        move B in 4"): X has the corner and the centre, O has two corners, and X is to move.
        """),
        code("""
        board = "X.O .X. O.."
        plain = games.TicTacToe(board)
        adjusted = games.TicTacToe(board, scoring="depth-adjusted")
        print(plain.render(plain.initial))
        print("+10 scoring:       value", search.minimax(plain).value, " line", search.minimax(plain).pv)
        print("depth-adjusted:    value", search.minimax(adjusted).value, " line", search.minimax(adjusted).pv)
        """),
        md("""
        With plain ±10 scoring, every winning move is worth the same 10, and minimax keeps the first
        one it finds: square 1, which also wins — but only after a longer sequence of moves (the
        line shown). With depth-adjusted scores the immediate win on square 8 (completing the
        diagonal) is worth more than the slower ones:
        """),
        code("""
        for scoring_game in (plain, adjusted):
            print(scoring_game.scoring, {m: r.value for m, r in search.move_values(scoring_game).items()})
        """),
        code("""
        fast = search.minimax(adjusted)
        slow = search.minimax(plain)
        assert fast.pv == (8,) and len(slow.pv) > 1            # one move versus a longer line
        # every depth-adjusted value is 10 minus the number of moves to the win
        for r in search.move_values(adjusted).values():
            if r.value > 0:
                assert r.value == 10 - (1 + len(r.pv))
        """),
        md("""
        ## How big is the tic-tac-toe tree?

        The lecture notes say tic-tac-toe "has a search tree with about 9! = 362,880 nodes at the
        outset". That counts the ways of filling all nine squares one after the other. The real game
        tree differs in two ways: it also has the interior nodes (every partly filled board on the
        way), and games stop as soon as someone has three in a row. `analysis.census` walks the whole
        tree and counts:
        """),
        code("""
        census = analysis.census(games.TicTacToe())
        census
        """),
        code("""
        print(f"9! orderings of the nine squares:  {math.factorial(9):>9,}")
        every_prefix = sum(math.perm(9, k) for k in range(10))
        print(f"nodes if no game ended early:      {every_prefix:>9,}")
        print(f"nodes of the real game tree:       {census['nodes']:>9,}")
        print(f"complete games (leaves):           {census['games']:>9,}")
        print(f"different positions:               {census['positions']:>9,}")
        """),
        md("""
        A second way to the same counts: plain minimax visits every node of the full tree once, so its
        node count must equal the census — and its value says that tic-tac-toe is a draw with best
        play.
        """),
        code("""
        full = search.minimax(games.TicTacToe())
        assert full.stats.nodes == census["nodes"] and full.stats.leaves == census["games"]
        assert census["max_wins"] + census["min_wins"] + census["draws"] == census["games"]
        assert full.value == 0                                   # a draw
        print(f"{full.stats.nodes:,} nodes, {full.stats.leaves:,} leaves, value {full.value}")
        """),
        md("""
        Over half a million nodes but only a few thousand different positions: the tree is really a
        graph, and each position is reached on average by about a hundred different paths. A search
        that remembers positions it has already valued (a *transposition table*,
        [notebook 06](06_tictactoe_solved.ipynb)) exploits exactly this. The positions can be counted
        with a few lines of our own — a depth-first walk that never enters a position twice:
        """),
        code("""
        def reachable_positions(game) -> int:
            \"\"\"Count the different positions reachable from the start (a graph search).\"\"\"
            seen, frontier = {game.initial}, [game.initial]
            while frontier:
                state = frontier.pop()
                if not game.is_terminal(state):
                    for move in game.moves(state):
                        child = game.play(state, move)
                        if child not in seen:
                            seen.add(child)
                            frontier.append(child)
            return len(seen)

        positions = reachable_positions(games.TicTacToe())
        assert positions == census["positions"]
        positions
        """),
        md("""
        ## Exercises

        1. In the W/L tree, change the leaf L under the right MIN node into W. What is the root's
           value now, and which move does MAX choose?
        2. Why does `good_for_max` need no special case for draws in the W/L tree, and what would go
           wrong if we ran it on a tic-tac-toe tree with draws scored 0?
        3. With depth-adjusted scoring, what is the value of the empty tic-tac-toe board, and why is it
           the same as with ±10 scoring?

        <details><summary>Answer</summary>

        1. The right MIN node becomes min(W, W, W) = W, so the root is W and MAX plays the right move
           (move 1). Check: `search.minimax([[[W, L], L], [W, W, W]])`.
        2. The W/L tree has only wins and losses, so "not a win" means "a loss". With draws,
           `good_for_max` answers "can MAX force a **win**?" and treats a draw like a loss: at the
           start of tic-tac-toe it says False, although MAX does not lose. Minimax's numbers keep the
           three outcomes apart.
        3. 0: tic-tac-toe is a draw with best play, and a draw scores 0 under both scorings — only wins
           and losses are adjusted by depth.

        </details>
        """),
        code("""
        assert search.minimax([[[W, L], L], [W, W, W]]).value == W
        assert search.alphabeta(games.TicTacToe(scoring="depth-adjusted")).value == 0
        """),
    ]


# ---------------------------------------------------------------------------------------------
# 02 Depth limits and static evaluation
# ---------------------------------------------------------------------------------------------

HORIZON_TEXT = '''
# The horizon effect (a constructed example).
# MAX's queen is attacked.  B: leave it (MIN takes the queen at once).
# C: first throw in a pawn (MIN takes the pawn, then the queen anyway).
# Lines "X v" on interior nodes are static values, used when the search stops there.
ABCDEFGHI
A: BC
B: D
C: E
D: F
E: G
F: H
G: I
B 0
C 0
D -9
E -1
F -9
G -1
H -9
I -10
'''


def nb02() -> list:
    return [
        md("""
        # 02 · Depth limits and static evaluation

        For any interesting game the tree is far too big to search to the end: chess has more than
        10^100 possible games. Real programs therefore search only a few moves ahead and then
        *guess* how good the position is, with a **static evaluation function** — a function that
        looks at a board and gives it a score without searching further. This notebook follows the
        CS312 recitation (the depth-3 example), the lecture slides (the open-lines heuristic for
        tic-tac-toe) and the lecture notes on game search (the checkers evaluator and the horizon
        effect).
        """),
        code("""
        %matplotlib inline
        import math

        from matplotlib.figure import Figure

        from mmlib import analysis, draw, games, search, trees, widgets
        from mmlib.games.tictactoe import LINES
        """),
        md("""
        ## Searching to a fixed depth

        The recitation extends minimax with a depth: "when the depth limit of the search is exceeded,
        the static evaluator is applied to the node as if it were a leaf". Its example searches to
        depth 3. The recitation draws it as text art whose indentation was lost in conversion;
        reconstructed from it, the tree is: the root (MAX) has two MIN children. The left MIN node has two MAX children, with frontier values 1, 5, 6
        and 8, 3. The right MIN node has a real end of the game, L, and a MAX child with values 1 and
        W. As in notebook 01, **W = +100 and L = −100**. The numbers at depth 3 are not ends of the
        game: they are the static evaluator's estimates of the positions where the search stopped.
        """),
        code("""
        W, L = 100, -100
        depth3 = trees.from_nested([[[1, 5, 6], [8, 3]], [L, [1, W]]])
        result = search.minimax(depth3, depth=3, trace=True)
        result
        """),
        md("""
        "The value of the root of the tree is 6 because the current player can force the game to go
        to a 'leaf' node (as defined by the depth cutoff) whose value is at least 6." The right-hand
        move would let the opponent end the game at L. The best move is the first child of the root,
        "the move that transitions the game to the immediate child with maximum value".
        """),
        code("""
        assert result.value == 6 and result.move == 0
        draw.draw_tree(result, title="CS312 depth-3 example (W = +100, L = -100)")
        """),
        md("""
        ## A static evaluator for tic-tac-toe: open lines

        The slides' heuristic counts lines: at the start there are 8 ways to make three in a row;
        as marks go down, some lines are no longer open to one player or the other.

        **E(n) = M(n) − O(n)**, where M(n) is the number of lines still open to me (MAX, X) and
        O(n) the number still open to the opponent (O).

        A line is open to a player if the other player has no mark on it. Written out with the
        eight `LINES` of the board:
        """),
        code("""
        def open_lines(board: str, player: str) -> int:
            \"\"\"Lines (rows, columns, diagonals) with no mark of player's opponent.\"\"\"
            opponent = "O" if player == "X" else "X"
            return sum(1 for line in LINES if all(board[square] != opponent for square in line))

        def open_lines_heuristic(board: str) -> int:
            return open_lines(board, "X") - open_lines(board, "O")

        open_lines_heuristic("....X...."), open_lines_heuristic("X........"), open_lines_heuristic(".X.......")
        """),
        md("""
        An X in the centre blocks four of O's lines (8 − 4 = 4), in a corner three, on an edge two.
        `mmlib`'s tic-tac-toe uses the same heuristic as its `evaluate`; a check on every position one
        and two moves deep:
        """),
        code("""
        game = games.TicTacToe()
        for first in game.moves(game.initial):
            after_one = game.play(game.initial, first)
            for state in [after_one, *(game.play(after_one, reply) for reply in game.moves(after_one))]:
                assert game.evaluate(state) == open_lines_heuristic(game.board(state))
        """),
        md("""
        ### Two-ply minimax on the opening

        The slides apply this heuristic with a two-ply search to choose X's first move: X moves, O
        replies, and the resulting boards are scored with E(n). Each of X's moves is worth the
        *worst* score O can leave it with. (The slides' figure is lost; this is what the heuristic
        gives.)
        """),
        code("""
        two_ply = {move: r.value for move, r in search.move_values(game, depth=2).items()}
        for row in range(3):
            print("  ".join(f"{two_ply[3 * row + col]:+d}" for col in range(3)))
        """),
        md("""
        The centre is worth +1, a corner −1, an edge −2, so two-ply minimax opens in the centre.
        """),
        code("""
        assert (two_ply[4], two_ply[0], two_ply[1]) == (1, -1, -2)
        assert search.minimax(game, depth=2).move == 4
        """),
        md("""
        Nothing here is special to `mmlib`. The minimax/alpha-beta article writes depth-limited
        minimax as `minimax(position, depth, maximizingPlayer)`, stopping "if depth == 0 or game over
        in position" with the "static evaluation of position". Transcribed for any game with
        `moves`, `play`, `is_terminal` and `evaluate`, it gives the same values:
        """),
        code("""
        def minimax_article(game, position, depth, maximizing_player):
            if depth == 0 or game.is_terminal(position):
                return game.evaluate(position)                  # static evaluation of position
            if maximizing_player:
                max_eval = -math.inf
                for move in game.moves(position):
                    eval_ = minimax_article(game, game.play(position, move), depth - 1, False)
                    max_eval = max(max_eval, eval_)
                return max_eval
            min_eval = math.inf
            for move in game.moves(position):
                eval_ = minimax_article(game, game.play(position, move), depth - 1, True)
                min_eval = min(min_eval, eval_)
            return min_eval

        for move in game.moves(game.initial):
            assert minimax_article(game, game.play(game.initial, move), 1, False) == two_ply[move]
        minimax_article(game, game.initial, 2, True), minimax_article(game, game.initial, 3, True)
        """),
        code("""
        assert minimax_article(game, game.initial, 3, True) == search.minimax(game, depth=3).value
        """),
        md("""
        The whole two-ply search has 72 boards at the bottom, too many to read in one picture. Here is
        the part under X's centre move: O's eight replies, each scored by E(n); O is the minimizer and
        picks the reply worth least to X, so the centre is worth 1.
        """),
        code("""
        centre = game.play(game.initial, 4)
        assert min(game.evaluate(game.play(centre, reply)) for reply in game.moves(centre)) == two_ply[4]
        draw.draw_game_tree(game, state=centre, depth=1, title="After X takes the centre: O's replies")
        """),
        md("""
        The slides then follow one line: X has taken the centre and O answered in a corner. Two-ply
        minimax again, now for X's second move:
        """),
        code("""
        second = game.state("O.. .X. ...")
        replies = {move: r.value for move, r in search.move_values(game, depth=2, state=second).items()}
        print(game.render(second))
        replies
        """),
        md("""
        The three free corners (squares 2, 6 and 8) are worth 1, every edge 0: two-ply minimax
        answers a corner with a corner.
        """),
        code("""
        assert {move for move, value in replies.items() if value == max(replies.values())} == {2, 6, 8}
        """),
        md("""
        ## A static evaluator for checkers, as an idea

        The lecture notes suggest, "though not the best", the difference between the number of my
        checkers and the opponent's, counting kings as 2 — and, to bring the score into −1 … 1,
        dividing by "the total number of pieces in the game to start with (24)". (With kings worth 2,
        the largest possible difference, twelve kings against nothing, is exactly 24.) `mmlib` has no
        checkers game; the evaluator on its own is one line:
        """),
        code("""
        def piece_difference(my_men: int, my_kings: int, their_men: int, their_kings: int) -> float:
            \"\"\"Checkers material: men count 1, kings 2, divided by the 24 pieces on the board at the start.\"\"\"
            return ((my_men + 2 * my_kings) - (their_men + 2 * their_kings)) / 24

        piece_difference(12, 0, 12, 0), piece_difference(8, 2, 9, 0), piece_difference(0, 0, 12, 0)
        """),
        code("""
        assert piece_difference(12, 0, 12, 0) == 0            # the start: even
        assert piece_difference(8, 2, 9, 0) > 0               # two kings outweigh one man fewer
        assert piece_difference(0, 0, 12, 0) == -0.5           # all men lost: half-way to the worst
        assert piece_difference(0, 12, 0, 0) == 1              # twelve kings against nothing: the best
        """),
        md("""
        ## What an extra ply costs

        "Each increase in depth multiplies the total search time by about the number of moves
        available at each level." With b moves everywhere, minimax to depth d evaluates b^d leaves.
        Measured on uniform random trees with `analysis.sweep` (the order of the moves doesn't matter
        to minimax, which looks at everything); on the logarithmic scale each b gives a straight line,
        and the assertion checks that every count is exactly b^d:
        """),
        code("""
        rows = analysis.sweep(branchings=(2, 3, 4), depths=range(1, 7), orderings=("random",),
                              algorithms=("minimax",))
        assert all(row["leaves"] == row["branching"] ** row["depth"] for row in rows)
        draw.plot_growth(rows, theory=False, title="Minimax: leaves evaluated = b^d")
        """),
        md("""
        With the explorer you can choose the branching factor and move the depth slider yourself:
        each step to the right multiplies the leaves minimax evaluates by b. (Switch the algorithm to
        alpha-beta to preview notebooks 03–05.)
        """),
        widget("""
        widgets.growth_explorer(branching=3, depth=4, ordering="random", algorithm="minimax")
        """),
        md("""
        The same on a real game: tic-tac-toe searched to depth 1, 2, … 9 from the empty board. A
        search to depth d visits every node at depths 0 … d, so one full search, which counts its nodes
        depth by depth (`stats.nodes_by_depth`), gives the cost of every depth limit at once (the
        check below confirms it against real depth-limited searches). Each extra ply multiplies the
        work by the number of moves still available — 9, then 8, 7, … — until finished games start to
        cut the tree short.
        """),
        code("""
        full = search.minimax(game)
        per_depth = full.stats.nodes_by_depth          # nodes at depth 0, 1, 2, ... of the whole tree
        nodes = [sum(per_depth[: d + 1]) for d in range(10)]   # a depth-d search visits depths 0..d
        for d in range(1, 10):
            print(f"depth {d}: {nodes[d]:>7,} nodes  (x{nodes[d] / nodes[d - 1]:.2f} for this ply)")
        """),
        code("""
        assert nodes[9] == full.stats.nodes                         # depth 9 is the whole game
        assert nodes[1] == 1 + 9 and nodes[2] == 1 + 9 + 9 * 8      # no game ends in two moves
        assert all(search.minimax(game, depth=d).stats.nodes == nodes[d] for d in range(6))
        """),
        md("""
        ## The horizon effect

        The lecture notes warn of "the danger that a serious problem can lie just beyond the point
        where we stopped searching". The notes give no example; here is a small constructed one,
        written in the labelled tree format (the lines `X v` on interior nodes are static values,
        which a depth-limited search uses where it stops). MAX's queen (worth 9) is attacked. Move B
        leaves it: MIN takes it at once. Move C first throws in a pawn (worth 1): MIN takes the pawn,
        MAX moves, and MIN takes the queen anyway — MAX has lost 10 instead of 9.
        """),
        code("""
        horizon = trees.from_text('''{HORIZON_TEXT}''')
        horizon
        """, HORIZON_TEXT=HORIZON_TEXT.strip("\n")),
        code("""
        for depth in (1, 2, 3, 4):
            r = search.minimax(horizon, depth=depth)
            print(f"depth {depth}: value {r.value:>3}, plays {horizon.label_of(r.pv[:1])}")
        """),
        md("""
        At depth 1 both moves look alike (nothing is lost yet) and the search keeps the first, B.
        At depths 2 and 3 it sees the queen lost after B, but after C it stops just *before*
        the queen is taken: the loss has been pushed over its horizon, the position looks only a pawn
        down, and the search chooses C — the move that loses *more*. Only at depth 4 does it see the
        whole story. Side by side, the search to depth 2 (the faded nodes lie beyond its horizon; the
        numbers beside D and E are the static values it stopped at) and the search to depth 4:
        """),
        code("""
        panels = Figure(figsize=(8, 5.6))
        for ax, depth in zip(panels.subplots(1, 2), (2, 4), strict=True):
            draw.draw_tree(search.minimax(horizon, depth=depth, trace=True), ax=ax,
                           title=f"minimax to depth {depth}")
        panels
        """),
        md("""
        Real programs fight this with *quiescence search*, which keeps searching captures
        beyond the depth limit until the position is quiet ([notebook 07](07_beyond_connect_four.ipynb)).
        """),
        code("""
        choice = {d: horizon.label_of(search.minimax(horizon, depth=d).pv[:1]) for d in (2, 3, 4)}
        assert choice == {2: "C", 3: "C", 4: "B"}
        assert search.minimax(horizon).value == -9               # the truth: B loses only the queen
        """),
        md("""
        ## Exercises

        1. In the depth-3 tree, what is the value of the root if the static evaluator had scored the
           frontier node 6 as 4 instead (tree `[[[1, 5, 4], [8, 3]], [L, [1, W]]]`)?
        2. Two-ply minimax values the corner opening at −1. What does full minimax (no depth limit,
           ±10 scoring) say about the corner opening?
        3. In the horizon example, a better evaluator might notice that the queen is still attacked
           after MIN takes the pawn, and score E at −10. What does the depth-2 search play then, and
           the depth-3 search? Why is that not a real cure?

        <details><summary>Answer</summary>

        1. The left MAX node becomes max(1, 5, 4) = 5, the left MIN node min(5, 8) = 5, and the root 5.
        2. 0: the corner opening is as good as any other, a draw with best play. The heuristic's −1
           only says it leaves O more open lines after two plies.
        3. Depth 2 now plays B (−9 beats −10), but depth 3 stops at G, still scored −1, and plays C
           again: the horizon has only moved. To be safe at every depth the evaluator would have to
           see every threat — which is the search's job. A fixed depth always leaves some danger just
           beyond it; quiescence search extends the search where the position is not quiet.

        </details>
        """),
        code("""
        assert search.minimax([[[1, 5, 4], [8, 3]], [L, [1, W]]]).value == 5
        assert search.minimax(game, state=game.play(game.initial, 0)).value == 0
        wiser = trees.from_text(trees.to_text(horizon).replace("E -1", "E -10"))
        assert wiser.label_of(search.minimax(wiser, depth=2).pv[:1]) == "B"
        assert wiser.label_of(search.minimax(wiser, depth=3).pv[:1]) == "C"
        """),
    ]


# ---------------------------------------------------------------------------------------------
# 03 Alpha-beta pruning
# ---------------------------------------------------------------------------------------------

T1_TEXT = '''# t1.in
ABCDEFGH
A: BC
B: DE
C: FGH
D 7
E 5
F 9
G 3
H 1
'''


def have_widget(name: str) -> bool:
    try:
        import mmlib.widgets as widgets
    except ImportError:
        return False
    return hasattr(widgets, name)


def nb03() -> list:
    step_through = [
        md("""
        ### Step through it yourself

        The explorer below replays the same trace one event at a time: press **Next**, or drag the
        slider, and watch the window [α, β] of each node and the pruned subtrees appear. (It needs a
        running notebook; see [00 Start here](00_start_here.ipynb).)
        """),
        widget("""
        widgets.step_through(ag, algorithm="alphabeta")
        """),
    ] if have_widget("step_through") else []
    editor = [
        md("""
        ## Your own trees

        Type a tree in the labelled format (as in `t1.in` above) into the editor; it redraws the tree
        and the alpha-beta search after each change, and says which line is wrong if the text cannot
        be read.
        """),
        widget("""
        widgets.tree_editor(T1)
        """),
        md("""
        To see what the five readings' codes make of your tree, give it to `compare` (from the
        section above), for example:
        """),
        code("""
        mine = compare({"mine": trees.from_nested([[4, 4], [4, 5], [3, 9]])})
        """),
    ] if have_widget("tree_editor") else [
        md("""
        ## Your own trees

        Write your own tree as a nested list or in the labelled format above, and run the five
        transcriptions on it with `compare(...)` — for example
        `compare({"mine": trees.from_nested([[4, 4], [4, 5], [3, 9]])})`.
        """),
    ]
    imports = "from mmlib import draw, search, trees"
    if step_through or editor[-1].cell_type == "code":
        imports += ", widgets"
    return [
        md("""
        # 03 · Alpha-beta pruning

        Minimax looks at every leaf. Often it need not: "once we have seen the node whose static
        evaluation is 8, we know that there is no point to exploring any of the rest of the children
        of the max node above it" (CS312 recitation). **Alpha-beta pruning** keeps two numbers while
        it searches — **α**, the value MAX can already guarantee somewhere on the path from the root,
        and **β**, the value MIN can already guarantee — and stops searching a node as soon as it is
        clear that best play will never reach it.

        This notebook reproduces the alpha-beta examples of all five course readings: the slides'
        A–G walkthrough, the recitation's [min, max] windows, the lecture notes' deep cutoff, the
        textbook's figure 5.2, and the CMPUT 355 script with its `t1.in` — and then puts the five
        readings' pseudocodes side by side.
        """),
        code(f"""
        %matplotlib inline
        from dataclasses import dataclass
        from math import inf

        {imports}
        """),
        md("""
        ## The A–G walkthrough, step by step

        The lecture slides (*Minimax & Alpha-Beta Pruning Algorithms in Game Theory*) follow
        alpha-beta on a binary tree of depth 3. Its picture was lost in conversion, but the text gives
        it completely: A (MAX) has children B and C (MIN); B has D and E, C has F and G (MAX); the
        leaves are D: 3, 5; E: 6, 9; F: 1, 2; G: 0, −1. `trees.from_nested` labels nodes A, B, C, …
        breadth first, as the slides do.
        """),
        code("""
        ag = trees.from_nested([[[3, 5], [6, 9]], [[1, 2], [0, -1]]])
        draw.draw_tree(ag, values=False, title="The A-G tree of the slides")
        """),
        md("""
        `search.alphabeta(..., trace=True)` records every step: entering a node with its window
        [α, β], evaluating a leaf, updating a node after a child returns, cutting off, returning. A
        few lines turn the trace into sentences (indented by depth):
        """),
        code("""
        def show(x) -> str:
            return {inf: "+∞", -inf: "−∞"}.get(x, str(x))

        def sentence(tree, event) -> str:
            \"\"\"One step of an alpha-beta trace, in words.\"\"\"
            name = tree.label_of(event.path)
            if event.kind == "enter":
                role = "MAX" if event.is_max else "MIN"
                return f"{name} ({role}) is called with α = {show(event.alpha)}, β = {show(event.beta)}"
            if event.kind == "leaf":
                return f"leaf {name} = {event.value}"
            if event.kind == "update":
                child = tree.label_of(event.path + (event.move,))
                return (f"{name}: {child} returned {event.score}; best so far {event.value}; "
                        f"now α = {show(event.alpha)}, β = {show(event.beta)}")
            if event.kind == "cutoff":
                pruned = ", ".join(tree.label_of(event.path + (move,)) for move in event.skipped)
                return f"{name}: α ≥ β, so {pruned} is pruned"
            return f"{name} returns {event.value}"

        def narrate(tree, result):
            \"\"\"Print a search's trace as indented sentences (a leaf's own call is left out).\"\"\"
            for event in result.trace:
                if not (event.kind == "enter" and tree.node(event.path).is_leaf()):
                    print("    " * len(event.path) + sentence(tree, event))

        walk = search.alphabeta(ag, trace=True)
        narrate(ag, walk)
        """),
        md("""
        This is the slides' narrative, step for step. Each of their statements, checked against the
        trace (`update(X, i)` is the step after node X's child number i returned):
        """),
        code("""
        def steps(kind, label, move=None):
            return [e for e in walk.trace
                    if e.kind == kind and ag.label_of(e.path) == label and (move is None or e.move == move)]

        def update(label, move):
            (event,) = steps("update", label, move)
            return event

        def window_on_entry(label):
            (event,) = steps("enter", label)
            return event.alpha, event.beta
        """),
        code("""
        assert window_on_entry("A") == (-inf, inf)                    # the initial call
        assert update("D", 0).alpha == 3 and update("D", 0).beta == inf  # α = max(−∞, 3) = 3; β ≤ α false
        assert update("D", 1).alpha == 5 and update("D", 1).value == 5   # α = max(3, 5) = 5; D is 5
        assert update("B", 0).beta == 5                               # at B, β = min(+∞, 5) = 5
        assert window_on_entry("E") == (-inf, 5)                      # E gets −∞ and 5 from B
        assert update("E", 0).alpha == 6                              # α = max(−∞, 6) = 6 ≥ β = 5 ...
        assert [ag.node(e.path + e.skipped).value for e in steps("cutoff", "E")] == [9]  # ... the 9 is skipped
        assert steps("return", "E")[0].value == 6                     # E returns 6
        assert update("B", 1).beta == 5 and update("B", 1).value == 5  # β = min(5, 6) = 5; B is 5
        assert update("A", 0).alpha == 5                              # at A, α = max(−∞, 5) = 5
        assert window_on_entry("C") == (5, inf)                       # at C, α = 5 and β = +∞
        assert window_on_entry("F") == (5, inf)                       # at F, α = 5 and β = +∞
        assert update("F", 0).alpha == 5                              # α = max(5, 1) is still 5
        assert update("F", 1).value == 2 and update("F", 1).alpha == 5  # F's best is 2; α still 5
        assert update("C", 0).beta == 2                               # at C, β = min(+∞, 2) = 2 ≤ α = 5
        assert [ag.label_of(e.path + e.skipped) for e in steps("cutoff", "C")] == ["G"]  # G is never searched
        assert update("A", 1).value == 5 and walk.value == 5           # max(5, 2) = 5
        """),
        md("""
        Alpha-beta evaluated 5 of the 8 leaves: it never looked at E's 9 or at G's 0 and −1. The
        figure shows the values the search returned, the order of evaluation and the pruned
        parts; with `windows=True` each node also carries the window it was called with.
        """),
        code("""
        skipped = sorted(leaf.value for leaf in ag.leaves() if leaf.path not in walk.stats.leaf_order)
        assert skipped == [-1, 0, 9] and walk.stats.leaves == 5
        draw.draw_tree(walk, windows=True)
        """),
        *step_through,
        md("""
        ## The [min, max] windows of the CS312 recitation

        The recitation writes alpha-beta as minimax with two extra arguments, `min` and `max`, and
        "always returns a value in the range [min, max]": a MAX node starts at `v := min`, passes `v`
        down as the new `min`, and `if v > max return max`; a MIN node symmetrically. This is the
        **fail-hard** form, with a strict `>` test — in `mmlib`,
        `alphabeta(..., variant="fail-hard", cutoff=">")`. The recitation runs it on its depth-3 tree
        from notebook 02 (W = +100, L = −100), called as `minimax(n, d, L, W)`:
        """),
        code("""
        W, L = 100, -100
        depth3 = trees.from_nested([[[1, 5, 6], [8, 3]], [L, [1, W]]])
        literal = search.alphabeta(depth3, variant="fail-hard", cutoff=">", alpha=L, beta=W, trace=True)
        draw.draw_tree(literal, windows=True, title="CS312: fail-hard alpha-beta with [min, max] windows")
        """),
        md("""
        The recitation's figure annotates each node it searches with its [min, max] range (its
        picture survived as text). Read off the trace, the windows are exactly the recitation's: the
        root, the left MIN node and its left MAX child are called with [L, W]; their leaves with
        [L, W], [1, W], [5, W]; the second MAX child with [L, 6] and its leaf 8 with [L, 6]; the right
        MIN node and its leaf L with [6, W]. The 3 and the whole right MAX subtree (1, W) are pruned
        (marked X in the recitation).
        """),
        code("""
        windows = {depth3.label_of(e.path): (e.alpha, e.beta) for e in literal.trace if e.kind == "enter"}
        recitation = {"A": (L, W), "B": (L, W), "D": (L, W), "H": (L, W), "I": (1, W), "J": (5, W),
                      "E": (L, 6), "K": (L, 6), "C": (6, W), "F": (6, W)}
        assert windows == recitation
        pruned = [leaf.value for leaf in depth3.leaves() if leaf.path not in literal.stats.leaf_order]
        assert pruned == [3, 1, W] and literal.value == 6
        windows
        """),
        md("""
        **What the figure's numbers mean.** Next to each window the recitation writes a value, and
        those values are not all of one kind. The second MAX node (children 8 and 3) is labelled
        **6**: that is what the code *returns* — it saw 8 > max = 6 and returned max — while its true
        minimax value is max(8, 3) = 8. The right MIN node is labelled **L**: that is its true minimax
        value, but the code returns **6** there — it saw L < min = 6 and returned min. Fail-hard
        answers are only bounds outside the window: "≥ 6" and "≤ 6" here. Either way the root gets 6.
        """),
        code("""
        returned = {depth3.label_of(e.path): e.value for e in literal.trace if e.kind == "return"}
        true_value = {label: search.minimax(depth3, state=depth3.node(label)).value for label in ("E", "C")}
        assert (returned["E"], true_value["E"]) == (6, 8)    # figure: 6, the clamped return
        assert (returned["C"], true_value["C"]) == (6, L)    # figure: L, the true value
        returned, true_value
        """),
        md("""
        To replay the recitation's version step by step, give the explorer the same options,
        including the first call's window [L, W]:
        """),
        widget("""
        widgets.step_through(depth3, variant="fail-hard", cutoff=">", alpha=L, beta=W)
        """),
        md("""
        ## Fail-soft versus fail-hard

        The other readings return the best value found even when it falls outside the window
        (**fail-soft**, `mmlib`'s default). On the same tree, fail-soft reports 8 and L for those two
        nodes — still only bounds, but tighter ones — and evaluates the same leaves:
        """),
        code("""
        soft = search.alphabeta(depth3, trace=True)
        soft_returns = {depth3.label_of(e.path): e.value for e in soft.trace if e.kind == "return"}
        assert soft_returns["E"] == 8 and soft_returns["C"] == L
        assert soft.value == literal.value and soft.stats.leaf_order == literal.stats.leaf_order
        soft_returns
        """),
        md("""
        ## Deep cutoffs

        The lecture notes on game search point out that the information which prunes a node can come
        from far above it: "the fact that the top-level maximizer has seen a 3 means that any value
        coming up from its second child less than this will be rejected. Since the minimizer cannot
        now be forced to return a value greater than 1, its true value will have no effect" — a
        **deep cutoff**. The notes' figure is lost; here is a tree with that shape: the root has seen
        3 on the left; on the right, three levels down, a MIN node sees a 1.
        """),
        code("""
        deep = trees.from_nested([[3, 5], [[[1, 7], 8], 2]])
        deep_run = search.alphabeta(deep, trace=True)
        narrate(deep, deep_run)
        """),
        md("""
        Node H (MIN) was called with α = 3, handed down unchanged from the root through C and F. Its
        first leaf is 1 ≤ 3, so its other leaf, 7, is pruned, although H's parent F (MAX) has no
        value yet: the 3 that makes the difference is three levels up.
        """),
        code("""
        (h_entry,) = [e for e in deep_run.trace if e.kind == "enter" and deep.label_of(e.path) == "H"]
        assert h_entry.alpha == 3
        (h_cut,) = [e for e in deep_run.trace if e.kind == "cutoff"]
        assert deep.label_of(h_cut.path) == "H" and deep.node(h_cut.path + h_cut.skipped).value == 7
        draw.draw_tree(deep_run, windows=True, title="A deep cutoff")
        """),
        md("""
        ## AIMA figure 5.2

        The textbook's example: alpha-beta finds the value 3 and never evaluates the leaves 4 and 6
        under the middle move — its first reply, 2, already shows that move is worse than 3.
        """),
        code("""
        aima = trees.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
        aima_run = search.alphabeta(aima, trace=True)
        never = [leaf.value for leaf in aima.leaves() if leaf.path not in aima_run.stats.leaf_order]
        assert aima_run.value == 3 and never == [4, 6]
        draw.draw_tree(aima_run, windows=True, title="AIMA figure 5.2")
        """),
        md("""
        ## One algorithm, five pseudocodes

        Each reading writes alpha-beta its own way. Below, each is transcribed as faithfully as
        Python allows and run on the same trees. They all find the same value — and they do not all
        evaluate the same leaves.

        To count leaves without cluttering the transcriptions, each one runs on a *watched* copy of
        the tree: it reads `node.children`, `node.is_max` and `node.value` like any tree, but reading
        a leaf's value is recorded. In the readings, "leaf" means "end of game or depth limit"; our
        trees are searched to the end, so a leaf is a node without children.
        """),
        code("""
        @dataclass
        class Watched:
            \"\"\"A view of a tree node that records which leaf values are read.\"\"\"
            node: object
            log: list

            @property
            def children(self):
                return [Watched(child, self.log) for child in self.node.children]

            @property
            def is_max(self):
                return self.node.is_max

            @property
            def value(self):
                self.log.append(self.node.label)
                return self.node.value
        """),
        md("""
        **The CS312 recitation** — fail-hard, the [min, max] form above. Note `v > max`, a strict
        test, and the clamped returns `return max` / `return min`.
        """),
        code("""
        def minimax_cs312(n, min_, max_):
            if not n.children:
                return n.value
            if n.is_max:
                v = min_
                for child in n.children:
                    v_ = minimax_cs312(child, v, max_)
                    if v_ > v:
                        v = v_
                    if v > max_:
                        return max_
                return v
            v = max_
            for child in n.children:
                v_ = minimax_cs312(child, min_, v)
                if v_ < v:
                    v = v_
                if v < min_:
                    return min_
            return v
        """),
        md("""
        **The minimax/alpha-beta article** (chess framing) — fail-soft, `if beta <= alpha: break`.
        """),
        code("""
        def minimax_article(position, alpha, beta, maximizing_player):
            if not position.children:
                return position.value
            if maximizing_player:
                max_eval = -inf
                for child in position.children:
                    eval_ = minimax_article(child, alpha, beta, False)
                    max_eval = max(max_eval, eval_)
                    alpha = max(alpha, eval_)
                    if beta <= alpha:
                        break
                return max_eval
            min_eval = inf
            for child in position.children:
                eval_ = minimax_article(child, alpha, beta, True)
                min_eval = min(min_eval, eval_)
                beta = min(beta, eval_)
                if beta <= alpha:
                    break
            return min_eval
        """),
        md("""
        **The lecture notes on game search** — "while there are still moves to explore and
        best-so-far < beta", and the maximizer hands down `best-so-far` as the new alpha (the minimizer
        hands down `best-so-far` as the new beta). The notes' prose says a maximizer hands down
        `max(alpha, best-so-far)`; the code hands down `best-so-far` alone.
        """),
        code("""
        def minimax_notes(board, alpha, beta):
            if not board.children:
                return board.value
            if not board.is_max:                                  # case minimizer
                best_so_far = inf
                for child in board.children:
                    if not best_so_far > alpha:                   # while moves remain and best-so-far > alpha
                        break
                    value = minimax_notes(child, alpha, best_so_far)
                    if value < best_so_far:
                        best_so_far = value
                return best_so_far
            best_so_far = -inf                                    # case maximizer
            for child in board.children:
                if not best_so_far < beta:                        # while moves remain and best-so-far < beta
                    break
                value = minimax_notes(child, best_so_far, beta)
                if value > best_so_far:
                    best_so_far = value
            return best_so_far
        """),
        md("""
        **The lecture slides** — two mutually recursive functions, `if rv >= beta, return rv`.
        """),
        code("""
        def max_value(node, alpha, beta):
            if not node.children:
                return node.value
            rv = -inf
            for child in node.children:
                rv = max(rv, min_value(child, alpha, beta))
                if rv >= beta:
                    return rv
                alpha = max(alpha, rv)
            return rv

        def min_value(node, alpha, beta):
            if not node.children:
                return node.value
            rv = inf
            for child in node.children:
                rv = min(rv, max_value(child, alpha, beta))
                if rv <= alpha:
                    return rv
                beta = min(beta, rv)
            return rv
        """),
        md("""
        **CMPUT 355, the course script `alphabeta.py`** — the player is the parity of the
        depth `d`, and a better child value *replaces* alpha: `alpha, val = ab, ab`. (The slide showing
        the script is cut off before the MIN part's final `return val`, which is restored here. The
        lecture's own pseudocode uses `alpha = max(alpha, ab)`, like the article's.)
        """),
        code("""
        def alphabeta_cmput(d, v, alpha, beta):
            if not v.children:                                    # if v in V: the leaves
                return v.value
            if 0 == d % 2:                                        # MAX node
                val = -inf
                for c in v.children:
                    ab = alphabeta_cmput(d + 1, c, alpha, beta)
                    if ab > val:                                  # have improved current mmax value
                        alpha, val = ab, ab
                    if alpha >= beta:
                        break
                return val
            val = inf                                             # else a MIN node
            for c in v.children:
                ab = alphabeta_cmput(d + 1, c, alpha, beta)
                if ab < val:
                    beta, val = ab, ab
                if alpha >= beta:
                    break
            return val
        """),
        md("""
        Each is started the way its reading starts it, with the widest window (±∞ plays the role of
        the recitation's L and W):
        """),
        code("""
        PSEUDOCODES = {
            "CS312": lambda root: minimax_cs312(root, -inf, inf),
            "article": lambda root: minimax_article(root, -inf, inf, True),
            "notes": lambda root: minimax_notes(root, -inf, inf),
            "slides": lambda root: max_value(root, -inf, inf),
            "CMPUT": lambda root: alphabeta_cmput(0, root, -inf, inf),
        }

        def run(reading, tree):
            \"\"\"Run one reading's alpha-beta on tree: its value and the labels of the leaves it read.\"\"\"
            log = []
            value = PSEUDOCODES[reading](Watched(tree.root, log))
            return value, log

        run("slides", ag)
        """),
        md("""
        The trees: the five examples of this notebook, `t1.in` (below), a random tree (branching 3,
        depth 4, leaf values between 0 and 1, from `trees.uniform`) and a *tie-heavy* tree: the same
        random tree with every leaf rounded to 0, 1 or 2.
        """),
        code("""
        T1 = '''{T1_TEXT}'''

        def coarse(nested):
            \"\"\"The same shape with every leaf x in (0, 1) rounded to 0, 1 or 2.\"\"\"
            return [coarse(item) for item in nested] if isinstance(nested, list) else round(2 * nested)

        random_tree = trees.explicit(trees.uniform(3, 4, seed=0))
        TREES = {
            "AIMA 5.2": aima,
            "A-G": ag,
            "CS312 depth 3": depth3,
            "t1.in": trees.from_text(T1),
            "deep cutoff": deep,
            "random": random_tree,
            "tie-heavy": trees.from_nested(coarse(random_tree.to_nested())),
        }
        """, T1_TEXT=T1_TEXT.strip("\n")),
        code("""
        def compare(tree_dict):
            \"\"\"Leaves evaluated by each reading's alpha-beta (all values checked against minimax).\"\"\"
            print(f"{'tree':14} {'leaves':>6} {'value':>7} " + " ".join(f"{reading:>7}" for reading in PSEUDOCODES))
            counts = {}
            for name, tree in tree_dict.items():
                value = search.minimax(tree).value
                row = {}
                for reading in PSEUDOCODES:
                    found, log = run(reading, tree)
                    assert found == value, (name, reading)
                    row[reading] = len(log)
                counts[name] = row
                print(f"{name:14} {tree.leaf_count:>6} {value:>7.3g} " + " ".join(f"{n:>7}" for n in row.values()))
            return counts

        counts = compare(TREES)
        """),
        md("""
        Same values everywhere; the leaf counts differ. `mmlib` implements the two forms the readings
        agree on as options, and they match the transcriptions leaf for leaf — the CS312 recitation's is
        `variant="fail-hard", cutoff=">"`, the article's and the slides' are the default (fail-soft, `>=`):
        """),
        code("""
        def labels(tree, result):
            return [tree.label_of(path) for path in result.stats.leaf_order]

        for name, tree in TREES.items():
            hard_strict = search.alphabeta(tree, variant="fail-hard", cutoff=">")
            default = search.alphabeta(tree)
            assert run("CS312", tree)[1] == labels(tree, hard_strict), name
            assert run("article", tree)[1] == run("slides", tree)[1] == labels(tree, default), name
        """),
        md("""
        So the article's and the slides' codes are the same algorithm written two ways. The other differences have three
        reasons.

        **1. `≥` versus `>`.** The CS312 code prunes only when `v > max`; the others prune when
        `alpha >= beta`. When α = β the rest of the node cannot matter either — a strict test searches
        on. That costs nothing when values never tie (the random tree) and a lot when they do (the
        tie-heavy tree):
        """),
        code("""
        def leaves(tree, **options):
            return search.alphabeta(tree, **options).stats.leaves

        for name in ("random", "tie-heavy"):
            print(f"{name:10}  cutoff='>=': {leaves(TREES[name]):3}   cutoff='>': {leaves(TREES[name], cutoff='>'):3}")
        assert leaves(TREES["random"]) == leaves(TREES["random"], cutoff=">")
        assert leaves(TREES["tie-heavy"]) < leaves(TREES["tie-heavy"], cutoff=">")
        """),
        md("""
        **2. Clamped returns.** On their own, clamped returns change the values reported for inner
        nodes (as we saw above), not which leaves are read: fail-hard with `>=` evaluates exactly the
        leaves of fail-soft with `>=`, on every tree. But together with the strict test they lose
        cutoffs even when no two leaves tie, because clamping *manufactures* ties. On the A–G tree,
        F's true value is 2, but called with [min, max] = [5, +∞] it returns exactly 5; its parent C
        then tests `v < min`, which is 5 < 5: false, so C goes on to search G. That is why the CS312
        code reads 7 leaves on the A–G tree and the others 5 — and many more on the random tree.
        """),
        code("""
        for name, tree in TREES.items():
            assert search.alphabeta(tree, variant="fail-hard").stats.leaf_order == \\
                search.alphabeta(tree).stats.leaf_order, name
        f_returns = minimax_cs312(Watched(ag.node("F"), []), 5, inf)
        assert f_returns == 5 and search.minimax(ag, state=ag.node("F")).value == 2
        assert (counts["A-G"]["CS312"], counts["A-G"]["article"]) == (7, 5)
        assert counts["random"]["CS312"] > counts["random"]["article"]
        f_returns
        """),
        md("""
        **3. Whether the inherited α (and β) is passed down.** The notes' maximizer hands its children
        `best-so-far` instead of `max(alpha, best-so-far)`, so a bound found higher up never reaches
        the grandchildren: every *deep* cutoff is lost (its shallow ones survive, because each node
        still tests its own alpha and beta). On the deep-cutoff tree it reads the 7 that the others
        prune. The CMPUT 355 script does the same after the first child: `alpha, val = ab, ab` replaces
        the inherited alpha by the best value so far, even when that is lower. The script's own
        question — "why are we updating `alpha` if `ab > val` instead of `ab > alpha`?" — points at
        this line: with `ab > alpha` (or `alpha = max(alpha, ab)`) the inherited bound would be kept.
        Both codes are still correct — a wider window never gives a wrong value — only slower.
        """),
        code("""
        extra_notes = [label for label in run("notes", deep)[1] if label not in run("article", deep)[1]]
        assert [deep.node(label).value for label in extra_notes] == [7]
        for name in TREES:
            assert counts[name]["notes"] >= counts[name]["article"] and counts[name]["CMPUT"] >= counts[name]["article"]
        extra_cmput = [label for label in run("CMPUT", random_tree)[1] if label not in run("article", random_tree)[1]]
        print("deep cutoff tree, read only by the notes' code:", extra_notes)
        print("random tree, read only by the CMPUT 355 script:", extra_cmput)
        """),
        md("""
        ## `t1.in`, read as the course script reads it

        The CMPUT 355 demo runs `python3 alphabeta.py < t1.in`. The file lists the node labels on its
        first line (the first is the root, a MAX node), then `X: BCD` lines for children and `X 7`
        lines for leaf values. `trees.from_text` reads the same format (it also allows `#` comments
        and blank lines, on which the original script crashes):
        """),
        code("""
        print(T1)
        t1 = trees.from_text(T1)
        t1_run = search.alphabeta(t1, trace=True)
        t1_run
        """),
        md("""
        The value is 5. At C, α = 5 (A's best so far, from B); C's first leaf 9 leaves β = 9, its second, 3, makes
        β = 3 ≤ α, and H is pruned: 4 of the 5 leaves are evaluated — by `mmlib` and by the script's
        own code transcribed above.
        """),
        code("""
        assert t1_run.value == 5 and t1_run.stats.leaves == 4 == t1.leaf_count - 1
        assert run("CMPUT", t1) == (5, ["D", "E", "F", "G"])
        draw.draw_tree(t1_run, windows=True, title="t1.in")
        """),
        *editor,
        md("""
        ## Exercises

        1. The script's questions: why do we initialize `val` with `inf` or `-inf`, and with what
           arguments should we call `alphabeta` on the root?
        2. In the A–G tree, change E's second leaf from 9 to 4. Is it still pruned? Why?
        3. Give a tree of depth 2 on which `cutoff=">"` evaluates more leaves than `cutoff=">="`.
        4. Why can the lecture notes' code not lose a cutoff on a tree of depth 2?

        <details><summary>Answer</summary>

        1. `val` starts at the worst possible value for the player to move, so that the first child's
           value always replaces it. The root is called with α = −∞ and β = +∞: nothing is known yet,
           and any narrower window could make the search return a bound instead of the value.
        2. Yes: E is cut off as soon as its first leaf, 6, exceeds B's β = 5; the second leaf's value
           never matters.
        3. For example `[[3, 5], [3, 9]]`: after the left move α = 3; the right MIN node's first leaf is
           3, so β = 3 = α. With `>=` the 9 is pruned; with `>` it is evaluated.
        4. A deep cutoff needs a bound from at least two levels up. On a depth-2 tree the only nodes
           that can cut are the root's children, and their bound comes from their parent, which
           the notes' code does pass (its MIN node tests `best-so-far > alpha` against the alpha it received).

        </details>
        """),
        code("""
        changed = trees.from_nested([[[3, 5], [6, 4]], [[1, 2], [0, -1]]])
        assert (0, 1, 1) not in search.alphabeta(changed).stats.leaf_order     # E's second leaf
        assert leaves([[3, 5], [3, 9]], cutoff=">") > leaves([[3, 5], [3, 9]])
        for depth_two in ("AIMA 5.2", "t1.in"):
            assert counts[depth_two]["notes"] == counts[depth_two]["article"]
        """),
    ]


NOTEBOOK_CELLS = {"00": nb00, "01": nb01, "02": nb02, "03": nb03}

if __name__ == "__main__":
    for key in sys.argv[1:] or list(NOTEBOOK_CELLS):
        write(key, NOTEBOOK_CELLS[key]())
