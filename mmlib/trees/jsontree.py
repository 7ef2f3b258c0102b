"""Trees as JSON, with the player of every node written out.

One object per node: ``label``, ``player`` (``"MAX"``, ``"MIN"`` or ``"CHANCE"``), and either
``children`` (a list of nodes) or ``value`` (a leaf's value from MAX's point of view; on an
inner node, its static evaluation).  A chance node lists the probability of each child in
``probabilities`` (equal chances when left out).  Turns need not alternate: two MIN nodes in
a row are two MIN agents moving in turn.  The document is ``{"format": "mmlib-tree",
"version": 1, "root": {...}}``.

>>> from mmlib.trees import from_nested
>>> text = to_json(from_nested([[3, 12], [2, 4]]))
>>> print(text[:92])
{"format": "mmlib-tree", "version": 1, "root": {"label": "A", "player": "MAX", "children": [
>>> from_json(text).to_nested()
[[3, 12], [2, 4]]
>>> ghosts = from_json('''{"root": {"label": "A", "player": "MAX", "children": [
...     {"label": "B", "player": "MIN", "children": [
...         {"label": "C", "player": "MIN", "children": [
...             {"label": "D", "player": "MAX", "value": 4},
...             {"label": "E", "player": "MAX", "value": 9}]}]}]}}''')
>>> [node.player for node in ghosts.nodes()]
['MAX', 'MIN', 'MIN', 'MAX', 'MAX']
"""

from __future__ import annotations

import json
import math
from collections import deque
from typing import TYPE_CHECKING, Any

from .. import _validate
from ..errors import ArgumentError, ArgumentTypeError, TreeError, printable
from .explicit import MAX_HEIGHT, Path, build, check_value
from .layered import LayeredNode, LayeredTree

if TYPE_CHECKING:
    from .convert import AnyTree

__all__ = ["to_json", "from_json", "to_json_data", "from_json_data", "FORMAT"]

FORMAT = "mmlib-tree"
PLAYERS = ("MAX", "MIN", "CHANCE")
MAX_JSON_NODES = 250_000


def to_json(tree: AnyTree, *, indent: int | None = None) -> str:
    """``tree`` (an explicit tree, or a :class:`~mmlib.trees.LayeredTree` with chance nodes) as JSON text;
    ``indent``: None (one line), spaces per level (0 to 16) or the whitespace to indent with."""
    return json.dumps(to_json_data(tree), indent=_indent(indent), ensure_ascii=False)


MAX_INDENT = 16


def _indent(indent: Any) -> int | str | None:
    """``indent`` checked: None, a whole number from 0 to :data:`MAX_INDENT`, or up to as many
    whitespace characters."""
    if indent is None:
        return None
    if isinstance(indent, str):
        if len(indent) > MAX_INDENT or indent.strip():
            raise ArgumentError(f"indent: expected at most {MAX_INDENT} whitespace characters, got "
                                f"{printable(indent)}")
        return indent
    indent = _validate.whole("indent", indent, minimum=0)
    if indent > MAX_INDENT:
        raise ArgumentError(f"indent: expected at most {MAX_INDENT} spaces a level, got {printable(indent)}")
    return int(indent)


def to_json_data(tree: Any) -> dict[str, Any]:
    """The JSON document of ``tree`` as Python dicts and lists."""
    if not (hasattr(tree, "root") and hasattr(tree, "nodes")):
        raise ArgumentTypeError(f"tree: expected an explicit tree, got {type(tree).__name__}")
    built: dict[int, dict[str, Any]] = {}
    for node in reversed(tree.nodes()):               # children before parents: no deep recursion
        item: dict[str, Any] = {"label": node.label, "player": _player(node)}
        if node.children:
            item["children"] = [built.pop(id(child)) for child in node.children]
            if getattr(node, "probabilities", ()):
                item["probabilities"] = list(node.probabilities)
        if node.value is not None:
            item["value"] = node.value
        built[id(node)] = item
    return {"format": FORMAT, "version": 1, "root": built[id(tree.root)]}


def _player(node: Any) -> str:
    kind: str | None = getattr(node, "kind", None)
    if kind is not None:
        return kind.upper()
    return "MAX" if node.is_max else "MIN"


def from_json(text: str) -> Any:
    """A tree from JSON text (see the module docstring): a :class:`~mmlib.trees.Tree`, or with
    chance nodes a :class:`~mmlib.trees.LayeredTree`."""
    _validate.text("text", text, show=_validate.type_name)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise TreeError(f"text: not JSON (line {error.lineno}, column {error.colno}: {error.msg})") from None
    return from_json_data(data)


def from_json_data(data: dict[str, Any]) -> Any:
    """A tree from the JSON document already read into dicts and lists."""
    if not isinstance(data, dict) or not isinstance(data.get("root"), dict):
        raise TreeError("json: expected an object with a 'root' node")
    if data.get("format", FORMAT) != FORMAT or data.get("version", 1) != 1:
        raise TreeError(f"json: format {printable(data.get('format'))} version "
                        f"{printable(data.get('version'))} is not {FORMAT!r} version 1")
    nodes = _walk(data["root"])
    if any(item["player"] == "CHANCE" for item, _ in nodes):
        return _layered(nodes)
    children = {item["label"]: [kid["label"] for kid in item.get("children", ())] for item, _ in nodes
                if item.get("children")}
    values = {item["label"]: item["value"] for item, _ in nodes if item.get("value") is not None}
    players = {item["label"]: item["player"] == "MAX" for item, _ in nodes}
    return build(children, values, data["root"]["label"], players)


def _walk(root: dict[str, Any]) -> list[tuple[dict[str, Any], Path]]:
    """Every node with its path, breadth first, checked."""
    order: list[tuple[dict[str, Any], Path]] = []
    labels: set[str] = set()
    queue: deque[tuple[Any, Path]] = deque([(root, ())])
    while queue:
        item, path = queue.popleft()
        _check_node(item, path, labels)
        order.append((item, path))
        if len(order) > MAX_JSON_NODES:
            raise TreeError(f"json: more than {MAX_JSON_NODES:,} nodes")
        if len(path) > MAX_HEIGHT:
            raise TreeError(f"json: deeper than {MAX_HEIGHT:,} levels")
        queue.extend((kid, path + (i,)) for i, kid in enumerate(item.get("children") or ()))
    return order


def _check_node(item: Any, path: Path, labels: set[str]) -> None:
    where = f"json: node at path {path}"
    if not isinstance(item, dict):
        raise TreeError(f"{where}: expected an object, got {printable(item)}")
    label = item.get("label")
    if not isinstance(label, str) or not label:
        raise TreeError(f"{where}: 'label' must be a non-empty string, got {printable(label)}")
    if label in labels:
        raise TreeError(f"{where}: the label {label!r} is used twice")
    labels.add(label)
    if item.get("player") not in PLAYERS:
        raise TreeError(f"{where} ({label}): 'player' must be MAX, MIN or CHANCE, "
                        f"got {printable(item.get('player'))}")
    kids = item.get("children")
    if kids is not None and (not isinstance(kids, list) or not kids):
        raise TreeError(f"{where} ({label}): 'children' must be a non-empty list")
    if item.get("value") is not None:
        item["value"] = check_value(item["value"], f"{where} ({label})")
    elif not kids:
        raise TreeError(f"{where} ({label}): a leaf needs a 'value'")
    probabilities = item.get("probabilities")
    if probabilities is not None:
        if item["player"] != "CHANCE" or not kids or not isinstance(probabilities, list) \
                or len(probabilities) != len(kids):
            raise TreeError(f"{where} ({label}): 'probabilities' belong to a CHANCE node, one per child")
        if not all(isinstance(p, (int, float)) and not isinstance(p, bool) and 0 < p <= 1
                   for p in probabilities) or not math.isclose(sum(probabilities), 1.0, abs_tol=1e-9):
            raise TreeError(f"{where} ({label}): probabilities must lie in (0, 1] and add up to 1")


def _layered(nodes: list[tuple[dict[str, Any], Path]]) -> Any:
    built: dict[Path, LayeredNode] = {}
    kinds_by_depth: dict[int, str] = {}
    for item, path in reversed(nodes):
        kind = item["player"].lower()
        kinds_by_depth.setdefault(len(path), kind)
        count = len(item.get("children") or ())
        kids = tuple(built.pop(path + (i,)) for i in range(count))
        probabilities: tuple[float, ...] = ()
        if kind == "chance" and kids:
            probabilities = tuple(item.get("probabilities") or [1 / len(kids)] * len(kids))
        built[path] = LayeredNode(item["label"], kind, item.get("value"), kids, probabilities, path)
    layers = tuple(kinds_by_depth[depth] for depth in sorted(kinds_by_depth))
    return LayeredTree(built[()], layers)

