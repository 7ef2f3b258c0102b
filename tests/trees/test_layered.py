"""Tests of mmlib.trees.layered: trees whose levels take turns by a list of layers, chance among them."""

import pytest

from mmlib import trees
from mmlib.errors import TreeTextError


def test_a_layered_tree_text_refuses_a_control_character_too():
    with pytest.raises(TreeTextError, match=r"^line 2: column 4 holds the control character"):
        trees.layered_tree_from_text("ABC\nA: \x1dBC\nB 3\nC 4", layers="max chance")
