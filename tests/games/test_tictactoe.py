"""Tests of mmlib.games.tictactoe: the rules, scores and census of tic-tac-toe, searched to the end."""

import pytest

from mmlib import analysis, games, search
from mmlib.errors import ArgumentError, GameError, IllegalMoveError


def test_census_of_the_full_game():
    # 549,946 nodes with the empty board; 255,168 games: 131,184 / 77,904 / 46,080;
    # 5,478 positions.
    assert analysis.census(games.TicTacToe()) == {
        "nodes": 549_946, "games": 255_168, "max_wins": 131_184, "min_wins": 77_904,
        "draws": 46_080, "positions": 5_478,
    }


@pytest.mark.parametrize("scoring", ["win-loss", "ten", "depth-adjusted"])
def test_the_game_is_a_draw_under_every_scoring(scoring):
    assert search.alphabeta(games.TicTacToe(scoring=scoring), table=True).value == 0


def test_minimax_counts_agree_with_the_census():
    result = search.minimax(games.TicTacToe())
    assert result.stats.nodes == 549_946 and result.stats.leaves == 255_168


@pytest.mark.parametrize("line", [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7),
                                  (2, 5, 8), (0, 4, 8), (2, 4, 6)])
def test_every_line_wins(line):
    board = ["."] * 9
    for square in line:
        board[square] = "X"
    others = [s for s in range(9) if s not in line][:2]
    for square in others:
        board[square] = "O"
    game = games.TicTacToe()
    state = game.state("".join(board))
    assert game.is_terminal(state) and game.winner(state) == "X"
    assert game.utility(state) == 10
    assert game.moves(state) == ()


def test_full_board_draw_and_turns():
    game = games.TicTacToe(scoring="win-loss")
    state = game.state("XOX XOO OXX")
    assert game.is_terminal(state) and game.winner(state) is None and game.utility(state) == 0
    start = game.initial
    assert game.player(start) == "X" and game.is_max(start)
    after = game.play(start, 4)
    assert game.player(after) == "O" and not game.is_max(after)
    assert game.board(after) == "....X...."
    assert game.key(after) != game.key(start)


def test_depth_adjusted_scores_count_moves_from_the_start_position():
    game = games.TicTacToe("XX. OO. ...", scoring="depth-adjusted")
    assert game.utility(game.play(game.initial, 2)) == 9
    # O wins after X errs: -10 + 2
    lost = game.play(game.play(game.initial, 8), 5)
    assert game.utility(lost) == -8


def test_win_loss_scoring():
    game = games.TicTacToe("XX. OO. ...", scoring="win-loss")
    assert search.minimax(game).value == 1


@pytest.mark.parametrize("board, word", [
    ("XXX", "nine cells"),
    ("XX.XXOO..", "one more"),
    ("OO.......", "one more"),
    ("XXXOOO...", "both players"),
    ("XXXOO.O..", "after the game was won"),
    ("XXZ......", "nine cells"),
])
def test_bad_boards(board, word):
    with pytest.raises(ArgumentError, match=word):
        games.TicTacToe(board)


def test_illegal_moves_and_questions():
    game = games.TicTacToe()
    state = game.play(game.initial, 4)
    with pytest.raises(IllegalMoveError, match="square 4"):
        game.play(state, 4)
    with pytest.raises(IllegalMoveError):
        game.play(state, 9)
    with pytest.raises(GameError, match="not over"):
        game.utility(state)
    with pytest.raises(ArgumentError, match="scoring"):
        games.TicTacToe(scoring="fifteen")


def test_render_and_protocol():
    game = games.TicTacToe("X.O ... ..X")
    assert game.render(game.initial) == "X . O\n. . .\n. . X"
    assert isinstance(game, games.Game)
    assert repr(game) == "TicTacToe('X.O.....X', scoring='ten')"


def test_perfect_play_never_loses_from_any_reply():
    # X's search-chosen moves against every O reply never lose (the game value is 0).
    game = games.TicTacToe()
    stack = [game.initial]
    while stack:
        state = stack.pop()
        if game.is_terminal(state):
            assert game.utility(state) >= 0
            continue
        if game.is_max(state):
            stack.append(game.play(state, search.alphabeta(game, state=state, table=True).move))
        else:
            stack.extend(game.play(state, m) for m in game.moves(state))


def test_tic_tac_toe_play_refuses_a_float_state_even_one_equal_to_a_position():
    game = games.TicTacToe()
    for state in (0.0, 16.0, float(game.initial)):
        with pytest.raises(GameError, match=r"^state: .* is not a tic-tac-toe position"):
            game.play(state, 4)


def test_tic_tac_toe_takes_any_integer_type_as_the_plain_int_it_equals():
    np = pytest.importorskip("numpy")

    class Square(int):
        pass

    game = games.TicTacToe()
    centre = game.initial | 1 << 4                  # X in the centre, independent of play
    for state, move in ((game.initial, np.int64(4)), (np.uint8(0), np.int8(4)), (Square(0), Square(4))):
        played = game.play(state, move)
        assert played == centre and type(played) is int
    for move in (4.0, True, np.float64(4)):
        with pytest.raises(IllegalMoveError, match="^move: "):
            game.play(game.initial, move)
