"""Game trees in the format of UC Berkeley CS 188's multi-agent test files (``*.test``).

A test file is a list of fields ``name: "value"``, or ``name: \"\"\"`` followed by lines and
a closing ``\"\"\"``; lines starting with ``#`` are comments.  The game tree is given by:

- ``num_agents``: agents per round; agent 0 (Pacman, MAX) moves at depths 0, k, 2k, ...,
  the ghosts (MIN) in turn at the other depths;
- ``start_state``: the root;
- ``successors``: one line ``state action next_state`` per move, in the order the moves are
  listed to the agent;
- ``evaluation``: one line ``state value`` per state that is evaluated (every leaf; an inner
  state's value is its static evaluation, used when the search stops at ``depth``);
- ``win_states`` / ``lose_states``: terminal states, separated by spaces;
- ``depth`` (optional): the search depth in rounds (every agent moves once per round), so a
  search to CS 188's depth d looks ``d * num_agents`` plies ahead.

>>> test = read_cs188('''
... num_agents: "3"
... start_state: "a"
... win_states: "d"
... lose_states: "e f"
... depth: "1"
... successors: \"\"\"
... a West b
... b North c
... c Left d
... c Right e
... a East f
... \"\"\"
... evaluation: \"\"\"
... d 6.0
... e -3.0
... f 2.0
... \"\"\"
... ''')
>>> test.tree.to_nested(), [node.player for node in test.tree.nodes()][:3], test.plies
([[[6.0, -3.0]], 2.0], ['MAX', 'MIN', 'MIN'], 3)
>>> test.actions
{'a': ['West', 'East'], 'b': ['North'], 'c': ['Left', 'Right']}
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, field

from .. import _validate
from ..errors import ArgumentError, ArgumentTypeError, TreeError, TreeTextError, printable
from .explicit import Tree, build

__all__ = ["CS188Tree", "read_cs188", "from_cs188", "to_cs188"]

_FIELD = re.compile(r'^([A-Za-z_][A-Za-z0-9_]*)\s*:\s*"(.*)"\s*$')
_BLOCK = re.compile(r'^([A-Za-z_][A-Za-z0-9_]*)\s*:\s*"""\s*$')


@dataclass(frozen=True)
class CS188Tree:
    """A CS 188 game-tree test: the tree, the agents per round, the search depth in rounds
    (None if the file gives none), the move names at each state, and every field read."""

    tree: Tree
    agents: int
    depth: int | None
    actions: dict[str, list[str]] = field(hash=False)
    fields: dict[str, str] = field(hash=False)

    @property
    def plies(self) -> int | None:
        """The search depth in moves (``depth * agents``), as mmlib's searches count it."""
        return None if self.depth is None else self.depth * self.agents


def _fields(text: str) -> dict[str, str]:
    fields: dict[str, str] = {}
    lines = text.splitlines()
    number = 0
    while number < len(lines):
        line = lines[number].strip()
        number += 1
        if not line or line.startswith("#"):
            continue
        if block := _BLOCK.match(line):
            body = []
            while number < len(lines) and lines[number].strip() != '"""':
                body.append(lines[number])
                number += 1
            if number == len(lines):
                raise TreeTextError(f"field {block.group(1)!r} opened with \"\"\" is never closed", number)
            number += 1
            fields[block.group(1)] = "\n".join(body)
        elif single := _FIELD.match(line):
            fields[single.group(1)] = single.group(2)
        else:
            raise TreeTextError(f"cannot read {line!r}: expected name: \"value\" or name: \"\"\"", number)
    return fields


def _whole(fields: dict[str, str], name: str, default: str | None = None) -> int:
    word = fields.get(name, default)
    if word is None:
        raise TreeTextError(f"the field {name!r} is missing: add a line such as {name}: \"2\"")
    try:
        return int(word)
    except ValueError:
        raise TreeTextError(f"{name}: {word!r} is not a whole number") from None


def read_cs188(text: str) -> CS188Tree:
    """Read a CS 188 game-tree test (see the module docstring)."""
    _validate.text("text", text, show=_validate.type_name)
    fields = _fields(text)
    agents = _whole(fields, "num_agents")
    if agents < 2:
        raise TreeTextError(f"num_agents: a game tree needs at least 2 agents, got {agents}")
    if "start_state" not in fields:
        raise TreeTextError("the field 'start_state' is missing: add a line such as start_state: \"A\" "
                            "naming the root state")
    root = fields["start_state"].strip()
    children: dict[str, list[str]] = {}
    actions: dict[str, list[str]] = {}
    for line in fields.get("successors", "").splitlines():
        words = line.split()
        if not words:
            continue
        if len(words) != 3:
            raise TreeTextError(f"successors: {line.strip()!r} is not 'state action next_state'")
        state, action, after = words
        children.setdefault(state, []).append(after)
        actions.setdefault(state, []).append(action)
    values: dict[str, float] = {}
    for line in fields.get("evaluation", "").splitlines():
        words = line.split()
        if not words:
            continue
        if len(words) != 2:
            raise TreeTextError(f"evaluation: {line.strip()!r} is not 'state value'")
        try:
            values[words[0]] = float(words[1])
        except ValueError:
            raise TreeTextError(f"evaluation: {words[1]!r} is not a number") from None
    players = _players(root, children, agents)
    for label in players:
        if label not in children and label not in values:
            raise TreeError(f"evaluation: the leaf {label!r} has no value: add a line '{label} 0' "
                            "with its value to the evaluation block")
    depth = _whole(fields, "depth") if "depth" in fields else None
    if depth is not None and depth < 0:
        raise TreeTextError(f"depth: the search depth in rounds must be at least 0, got {depth}")
    tree = build(children, values, root, players)
    return CS188Tree(tree, agents, depth, actions, fields)


def _players(root: str, children: dict[str, list[str]], agents: int) -> dict[str, bool]:
    """MAX (True) at depths 0, k, 2k, ... and MIN elsewhere; checks that the states form a tree."""
    players = {root: True}
    queue = deque([(root, 0)])
    while queue:
        state, depth = queue.popleft()
        for after in children.get(state, ()):
            if after in players:
                raise TreeError(f"successors: {after!r} is reached twice; mmlib reads trees only")
            players[after] = (depth + 1) % agents == 0
            queue.append((after, depth + 1))
    unreachable = set(children) - set(players)
    if unreachable:
        raise TreeError(f"successors: {sorted(unreachable)[0]!r} is not reachable from {root!r}")
    return players


def from_cs188(text: str) -> Tree:
    """The game tree of a CS 188 test file."""
    return read_cs188(text).tree


def to_cs188(tree: Tree, *, depth: int | None = None, algorithm: str = "MinimaxAgent") -> str:
    """``tree`` as a CS 188 ``GraphGameTreeTest`` file; each move is named by the label of the
    state it leads to, and leaves are terminal (``win_states`` when their value is positive,
    else ``lose_states``).  The agents per round are read from the players: MAX every k-th level.

    >>> from mmlib.trees import from_nested
    >>> text = to_cs188(from_nested([[3, 12], [2, 4]]), depth=1)
    >>> from_cs188(text).to_nested()
    [[3.0, 12.0], [2.0, 4.0]]
    """
    if not isinstance(tree, Tree):
        raise ArgumentTypeError(f"tree: expected an explicit trees.Tree, got {type(tree).__name__}")
    depth = _validate.whole("depth", depth, minimum=0, allow_none=True)
    _validate.text("algorithm", algorithm, what="the name of an agent class")
    if not algorithm.isidentifier():
        raise ArgumentError(f"algorithm: expected the name of an agent class such as 'MinimaxAgent', "
                            f"got {printable(algorithm)}")
    agents = _agents(tree)
    labels = [node.label for node in tree.nodes()]
    if any(not label or any(ch.isspace() for ch in label) for label in labels):
        raise TreeError("tree: CS 188 state names have no spaces")
    leaves = [(leaf.label, float(leaf.value or 0)) for leaf in tree.leaves()]
    lines = ['class: "GraphGameTreeTest"', f'alg: "{algorithm}"',
             f'depth: "{depth if depth is not None else -(-tree.height // agents)}"',
             'diagram: """', *_diagram(tree), '"""',
             f'num_agents: "{agents}"', f'start_state: "{tree.root.label}"',
             f'win_states: "{" ".join(label for label, value in leaves if value > 0)}"',
             f'lose_states: "{" ".join(label for label, value in leaves if value <= 0)}"',
             'successors: """']
    lines += [f"{node.label} {kid.label} {kid.label}" for node in tree.nodes() for kid in node.children]
    lines += ['"""', 'evaluation: """']
    lines += [f"{node.label} {float(node.value)!r}" for node in tree.nodes() if node.value is not None]
    return "\n".join(lines + ['"""']) + "\n"


def _agents(tree: Tree) -> int:
    for agents in range(2, max(tree.height, 1) + 2):
        if all(node.is_max == (len(node.path) % agents == 0) for node in tree.nodes()):
            return agents
    raise TreeError("tree: CS 188 trees have MAX at the root and every k-th level, MIN elsewhere")


def _diagram(tree: Tree) -> list[str]:
    return [("    " * len(node.path)) + f"{node.label} ({node.player}"
            + (f", {node.value:g})" if node.value is not None else ")") for node in tree.nodes()]
