"""Connect Four: the rules, the searches on it, small-board solutions, quiescence, drawing, widget.

Figures are checked against an independent implementation of the rules written here
(a board as a list of columns, lines found by walking the board), against theory
(counts of lines, bounds), or against a second search method -- never against numbers
copied from the code under test.
"""

from __future__ import annotations

import functools

import pytest

from mmlib import search
from mmlib.errors import ArgumentError, ArgumentTypeError, GameError, IllegalMoveError
from mmlib.games.connect4 import WIN, CentreFirst, ConnectFour
from mmlib.mixing import splitmix64 as _mix
from mmlib.table import TranspositionTable

# -- an independent reference: lists of columns, lines found by walking -------------------------


def reference_winner(columns: list[list[str]], width: int, height: int, connect: int) -> str | None:
    """The player with ``connect`` in a row, found by walking from every cell in 4 directions."""
    def at(c, r):
        if 0 <= c < width and 0 <= r < len(columns[c]):
            return columns[c][r]
        return None

    for c in range(width):
        for r in range(height):
            mark = at(c, r)
            if mark is None:
                continue
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                if all(at(c + dc * i, r + dr * i) == mark for i in range(connect)):
                    return mark
    return None


def random_games(game: ConnectFour, count: int, seed: int = 0):
    """Deterministic random playouts: yields (move list, reference columns, state) after every move."""
    for g in range(count):
        h = _mix(seed * 1_000_003 + g)
        state, played = game.initial, []
        columns: list[list[str]] = [[] for _ in range(game.columns)]
        while not game.is_terminal(state):
            moves = game.moves(state)
            h = _mix(h)
            move = moves[h % len(moves)]
            columns[move].append(game.player(state))
            state = game.play(state, move)
            played.append(move)
            yield played, columns, state


def reference_line_through(board: tuple[str, ...], column: int, height: int, connect: int) -> bool:
    """Does the top disc of ``column`` complete a line?  Walk both ways in each direction."""
    row = len(board[column]) - 1
    mark = board[column][row]

    def same(c, r):
        return 0 <= c < len(board) and 0 <= r < len(board[c]) and board[c][r] == mark

    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        run = 1
        for sign in (1, -1):
            step = 1
            while same(column + sign * dc * step, row + sign * dr * step):
                run, step = run + 1, step + 1
        if run >= connect:
            return True
    return False


@functools.cache
def reference_solve(width: int, height: int, connect: int) -> int:
    """Exact value (X's view, WIN + empty cells for a win) by plain memoized negamax over
    tuples of column strings: no pruning, no bitboards, nothing shared with mmlib."""
    cells = width * height

    @functools.cache
    def value_for_mover(board: tuple[str, ...]) -> int:
        discs = sum(len(col) for col in board)
        mover = "X" if discs % 2 == 0 else "O"
        best = None
        for c in range(width):
            if len(board[c]) == height:
                continue
            child = board[:c] + (board[c] + mover,) + board[c + 1:]
            if reference_line_through(child, c, height, connect):
                score = WIN + cells - discs - 1
            elif discs + 1 == cells:
                score = 0
            else:
                score = -value_for_mover(child)
            best = score if best is None else max(best, score)
        return best

    return value_for_mover(("",) * width)


# -- the rules ---------------------------------------------------------------------------------

@pytest.mark.parametrize("opening, winner, direction", [
    ("0011223", "X", "horizontal"),
    ("0101010", "X", "vertical"),
    ("01122323363", "X", "diagonal up-right"),
    ("65544343303", "X", "diagonal up-left"),
    ("60011223", "O", "horizontal"),
])
def test_wins_in_every_direction(opening, winner, direction):
    game = ConnectFour()
    before = game.position(opening[:-1])
    after = game.position(opening)
    assert not game.is_terminal(before)
    assert game.is_terminal(after) and game.winner(after) == winner, direction
    columns = [[] for _ in range(7)]
    for i, move in enumerate(opening):
        columns[int(move)].append("XO"[i % 2])
    assert reference_winner(columns, 7, 6, 4) == winner
    assert len(game.winning_line(after)) == 4
    assert game.moves(after) == ()


def test_no_line_wraps_from_one_column_into_the_next():
    game = ConnectFour()
    # X holds the top two cells of column 0 and the bottom two of column 1: consecutive
    # in a plain 6-bit-per-column layout, but not a line on the board.
    state = game.position("0000" + "01" + "10" + "2" + "1" + "2")
    assert game.cell(state, 0, 4) == "X" and game.cell(state, 0, 5) == "O"
    assert not game.is_terminal(state)


def test_rules_agree_with_the_reference_on_random_games():
    for size in ((7, 6, 4), (4, 4, 3), (5, 4, 4), (6, 7, 5), (3, 3, 2)):
        game = ConnectFour(*size)
        ended = 0
        for played, columns, state in random_games(game, 40, seed=sum(size)):
            winner = reference_winner(columns, *size)
            full = sum(map(len, columns)) == game.cells
            assert game.winner(state) == winner, (size, played)
            assert game.is_terminal(state) == (winner is not None or full), (size, played)
            for c in range(game.columns):
                for r in range(game.rows):
                    expected = columns[c][r] if r < len(columns[c]) else "."
                    assert game.cell(state, c, r) == expected
            ended += game.is_terminal(state)
        assert ended == 40


def test_full_board_draw():
    game = ConnectFour(4, 4)
    # rows from the bottom: X O X O / X O X O / O X O X / O X O X -- no four in a line
    state = game.position("0123" "0123" "1032" "1032")
    assert game.discs(state) == 16 and game.winner(state) is None
    assert game.is_terminal(state) and game.utility(state) == 0 and game.moves(state) == ()
    assert [game.cell(state, c, 0) for c in range(4)] == list("XOXO")
    assert [game.cell(state, c, 3) for c in range(4)] == list("OXOX")


def test_illegal_moves_give_clear_errors():
    game = ConnectFour(4, 4)
    full_column = game.position("0000")
    with pytest.raises(IllegalMoveError, match="move: column 0 is full"):
        game.play(full_column, 0)
    with pytest.raises(IllegalMoveError, match=r"move: expected a column 0\.\.3, got 4"):
        game.play(game.initial, 4)
    with pytest.raises(IllegalMoveError, match="move: expected a column 0..3, got -1"):
        game.play(game.initial, -1)
    with pytest.raises(IllegalMoveError, match="move: expected a column number"):
        game.play(game.initial, "2")
    won = game.position("0101010")
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.play(won, 3)
    with pytest.raises(GameError, match="state"):
        game.utility(game.initial)
    with pytest.raises(ArgumentError, match="opening"):
        ConnectFour(4, 4, opening="00000")


@pytest.mark.parametrize("kwargs, error, name", [
    ({"columns": 0}, ArgumentError, "columns"),
    ({"rows": 10}, ArgumentError, "rows"),
    ({"columns": 4, "rows": 4, "connect": 5}, ArgumentError, "connect"),
    ({"connect": 1}, ArgumentError, "connect"),
    ({"columns": 7.0}, ArgumentTypeError, "columns"),
    ({"scoring": "ten"}, ArgumentError, "scoring"),
    ({"opening": 33}, ArgumentTypeError, "opening"),
])
def test_bad_arguments_name_the_argument(kwargs, error, name):
    with pytest.raises(error, match=name):
        ConnectFour(**kwargs)


def test_line_count_matches_the_formula():
    # lines of k in a W x H board: (W-k+1)H across, W(H-k+1) up, 2(W-k+1)(H-k+1) diagonal
    assert len(ConnectFour().lines) == 69
    for w, h, k in ((7, 6, 4), (4, 4, 3), (5, 4, 4), (9, 9, 2), (3, 8, 5)):
        across, up = max(w - k + 1, 0), max(h - k + 1, 0)
        assert len(ConnectFour(w, h, k).lines) == across * h + w * up + 2 * across * up


def test_evaluation_stays_strictly_inside_the_win_values():
    # each line holding only one player's discs counts at most connect - 1 of them
    for w in range(1, 10):
        for h in range(1, 10):
            for k in range(2, max(w, h) + 1):
                game = ConnectFour(w, h, k)
                assert len(game.lines) * (k - 1) < WIN
    game = ConnectFour()
    for _, _, state in random_games(game, 20, seed=5):
        if not game.is_terminal(state):
            assert abs(game.evaluate(state)) < WIN
        else:
            assert game.evaluate(state) == game.utility(state)


def test_utility_prefers_faster_wins_and_win_loss_scoring():
    fast, plain = ConnectFour(), ConnectFour(scoring="win-loss")
    quick = fast.position("0101010")         # X's fourth disc in column 0 is the 7th disc
    slower = fast.position("56" "0101010")   # the same win two discs later
    o_wins = fast.position("60101010")       # O's fourth disc in column 0 is the 8th disc
    assert fast.winner(quick) == fast.winner(slower) == "X" and fast.winner(o_wins) == "O"
    assert fast.utility(quick) == WIN + 42 - 7
    assert fast.utility(slower) == WIN + 42 - 9
    assert fast.utility(o_wins) == -(WIN + 42 - 8)
    assert plain.utility(plain.position("0101010")) == WIN
    assert plain.utility(plain.position("60101010")) == -WIN


def test_keys_are_distinct_for_distinct_positions():
    game = ConnectFour(5, 4)
    seen: dict[int, tuple] = {}
    for _, _, state in random_games(game, 60, seed=3):
        key = game.key(state)
        assert seen.setdefault(key, state[:2]) == state[:2]
    assert game.key(game.position("01")) != game.key(game.position("10"))
    assert game.key(game.position("0123")) == game.key(game.position("2301"))   # a transposition


def test_centre_first_order():
    assert CentreFirst().order(None, None, [0, 1, 2, 3, 4, 5, 6], ()) == [3, 2, 4, 1, 5, 0, 6]
    game = ConnectFour(4, 4)
    result = search.alphabeta(game, depth=1, order=CentreFirst(), trace=True)
    entered = [event.path for event in result.trace if event.kind == "enter" and len(event.path) == 1]
    assert entered == [(1,), (2,), (0,), (3,)]


# -- the searches: all techniques agree ---------------------------------------------------------

def test_alphabeta_agrees_with_minimax_from_the_opening():
    game = ConnectFour()
    for depth in (1, 2, 3):
        exact = search.minimax(game, depth=depth)
        assert exact.stats.nodes == sum(7 ** d for d in range(depth + 1))   # nothing ends this early
        assert search.alphabeta(game, depth=depth).value == exact.value
        assert search.negamax(game, depth=depth, order=CentreFirst()).value == exact.value


@pytest.mark.slow
@pytest.mark.parametrize("opening", ["", "3", "3322", "23534212"])
def test_every_technique_finds_the_same_value(opening):
    game = ConnectFour(opening=opening)
    for depth in range(1, 6):
        values = {
            "column order": search.alphabeta(game, depth=depth).value,
            "centre first": search.alphabeta(game, depth=depth, order=CentreFirst()).value,
            "static": search.alphabeta(game, depth=depth, order="static").value,
            "negamax + table": search.negamax(game, depth=depth, order=CentreFirst(), table=True).value,
            "deepening": search.iterative_deepening(game, depth).value,
            "+ killers": search.iterative_deepening(game, depth, killers=True).value,
            "+ table": search.iterative_deepening(game, depth, killers=True, table=True).value,
        }
        assert len(set(values.values())) == 1, (opening, depth, values)
    assert search.alphabeta(game, depth=3).value == search.minimax(game, depth=3).value


def test_transposition_table_is_correct_under_windows():
    game = ConnectFour(4, 4, 3)
    positions = [game.position(opening) for opening in ("", "1", "12", "1221", "3300")]
    for state in positions:
        exact = search.minimax(game, depth=5, state=state).value
        shared = TranspositionTable()              # reused by every window below
        for alpha, beta in ((-5, 5), (exact - 1, exact + 1), (exact, exact + 3), (exact - 3, exact),
                            (-WIN - 20, -WIN), (WIN, WIN + 20), (-2000, 2000)):
            for table in (True, shared):
                value = search.alphabeta(game, depth=5, state=state, alpha=alpha, beta=beta,
                                         table=table).value
                if value <= alpha:              # failed low: an upper bound (fail-soft)
                    assert exact <= value, (alpha, beta, value, exact)
                elif value >= beta:             # failed high: a lower bound
                    assert exact >= value, (alpha, beta, value, exact)
                else:
                    assert value == exact, (alpha, beta, value, exact)
        assert search.alphabeta(game, depth=5, state=state, table=shared).value == exact


# -- small boards solved, two ways -----------------------------------------------------------------

# The 4 x 4 board with four in a row is the heavy one: `make test` solves it, `make check` the other two.
@pytest.mark.parametrize("size", [(4, 4, 3), (3, 4, 3), pytest.param((4, 4, 4), marks=pytest.mark.slow)])
def test_small_boards_solved_by_two_independent_methods(size):
    game = ConnectFour(*size)
    reference = reference_solve(*size)
    with_table = search.alphabeta(game, order=CentreFirst(), table=True)
    assert with_table.value == reference
    if size != (4, 4, 4):
        assert search.alphabeta(game).value == reference       # plain alpha-beta, column order


def test_four_by_four_connect_three_is_a_first_player_win():
    # the reference solver says X wins; the length of the game follows from the score
    game = ConnectFour(4, 4, 3)
    value = reference_solve(4, 4, 3)
    assert value > WIN
    result = search.alphabeta(game, order=CentreFirst(), table=True)
    final = game.position(result.pv)
    assert game.winner(final) == "X" and game.utility(final) == value


@pytest.mark.slow
def test_five_by_four_connect_four_solved_by_alphabeta_and_by_negamax():
    fast, plain = ConnectFour(5, 4), ConnectFour(5, 4, scoring="win-loss")
    # solved to the end (about 300,000 nodes each): the time budget is lifted, it is not the subject
    by_alphabeta = search.alphabeta(fast, order=CentreFirst(), table=True, max_seconds=None).value
    by_negamax = search.negamax(plain, order=CentreFirst(), table=True, max_seconds=None).value
    assert (by_alphabeta > 0) == (by_negamax > 0) and (by_alphabeta < 0) == (by_negamax < 0)
    assert by_alphabeta == 0 and by_negamax == 0


# -- horizon effect and quiescence -----------------------------------------------------------------


# -- drawing and widget ------------------------------------------------------------------------

def test_draw_connect4_marks_the_winning_line():
    pytest.importorskip("matplotlib")
    from mmlib.draw.connect4 import draw_connect4

    game = ConnectFour()
    figure = draw_connect4(game, game.position("0101010"), title="X wins", last_move=0)
    ax = figure.axes[0]
    thick = [patch for patch in ax.patches if getattr(patch, "get_linewidth", lambda: 0)() == 3]
    assert len(thick) == 4 and ax.get_title() == "X wins"
    with pytest.raises(ArgumentTypeError, match="game"):
        draw_connect4(object())


def test_play_widget_plays_and_reports():
    pytest.importorskip("ipywidgets")
    from mmlib.widgets.connect4 import play_connect4

    board = play_connect4(ConnectFour(4, 4), depth=3)
    assert "mmlib-connect4" in board.widget._dom_classes
    assert board.buttons_row.button_class == "mmlib-column"
    assert "mmlib-status" in board.status._dom_classes and "mmlib-figure" in board.figure._dom_classes
    board.buttons_row.press(1)
    assert board.game.discs(board.state) == 2 and "nodes" in board.status.value
    for _ in range(3):
        board.click(0)
    assert "full" in board.status.value or board.game.is_terminal(board.state) or \
        board.buttons_row.disabled[0]
    with pytest.raises(ArgumentError, match="depth"):
        play_connect4(depth=0)
    starts = play_connect4(ConnectFour(4, 4), depth=2, computer_first=True)
    assert starts.game.discs(starts.state) == 1
