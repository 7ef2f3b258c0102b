"""Facts the views used to compute themselves, now asked of the model (mmlib.trace)."""


def test_pruned_by_names_the_leaves_below_each_cutoff():
    from mmlib import search
    from mmlib.trace import trace_of
    # AIMA Figure 5.5: at C, 2 <= alpha = 3 prunes C's last two leaves; nothing else is pruned
    model = trace_of(search.alphabeta([[3, 12, 8], [2, 4, 6], [14, 5, 2]], trace=True))
    cutoffs = [k for k, event in enumerate(model.events) if event.kind == "cutoff"]
    assert [model.pruned_by(k) for k in cutoffs] == [[(1, 1), (1, 2)]]
    assert all(model.pruned_by(k) == [] for k in range(len(model.events)) if k not in cutoffs)


def test_every_view_describes_a_drawing_with_the_narrations_words():
    from mmlib import search
    from mmlib.draw.svg import TreeSvg
    from mmlib.draw.tree_layout import TreeLayout
    from mmlib.trace import result_marks
    from mmlib.trace.narration import describe_marks
    result = search.alphabeta([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    marks = result_marks(result)
    words = describe_marks(result.game, marks)
    assert words == ("Search of a game tree from A: value 3; best move to B; 7 of 9 leaves evaluated; "
                     "pruned leaves: I, J.")
    assert TreeLayout(result.game).describe(marks) == words
    assert TreeSvg(result.game).describe(marks) == words


def test_the_board_plays_the_first_best_move_alpha_beta_finds():
    from mmlib.widgets.tictactoe import TicTacToeBoard
    board = TicTacToeBoard(None, "alphabeta", True, "ten")       # the computer opens
    values = board.last_values
    best = max(values.values())
    assert board.game.board(board.state).count("X") == 1
    first = next(move for move, value in values.items() if value == best)
    assert board.game.play(board.game.initial, first) == board.state
