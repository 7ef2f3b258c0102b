"""A seed gives the same tree in every process, whatever PYTHONHASHSEED says."""

import os
import subprocess
import sys

from mmlib.mixing import GOLDEN, splitmix64

SCRIPT = """
from mmlib import search, trees
from mmlib.ordering import RandomOrder
parts = []
for tree in (trees.uniform(3, 6, seed=42), trees.ordered(4, 5, 0.6, seed=7, noise=0.2),
             trees.ordered(3, 4, "worst", seed=1)):
    result = search.alphabeta(tree, order=RandomOrder(seed=3))
    parts.append(repr((result.value, result.stats.leaf_order[:50], result.stats.nodes)))
print("|".join(parts))
"""


def run_with_hash_seed(seed):
    env = dict(os.environ, PYTHONHASHSEED=str(seed))
    return subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True,
                          text=True, check=True).stdout


def test_same_trees_and_searches_under_different_hash_seeds():
    assert run_with_hash_seed(0) == run_with_hash_seed(12345) == run_with_hash_seed(987)


def test_the_mixer_is_the_reference_splitmix64():
    # Vigna's splitmix64 from state 1234567: its first two outputs.
    assert splitmix64(1234567) == 6457827717110365317
    assert splitmix64((1234567 + GOLDEN) % 2 ** 64) == 3203168211198807973


def test_leaf_values_come_from_exact_integer_arithmetic():
    # A value is (53 bits of the hash + 1/2) / 2^53: exactly representable, no libm involved.
    from mmlib import trees
    from mmlib.trees.generated import _child_hash

    tree = trees.uniform(2, 1, seed=1)
    h = _child_hash(splitmix64(1), 1)
    assert tree.node_at((1,)).value == ((h >> 11) + 0.5) / 2 ** 53
