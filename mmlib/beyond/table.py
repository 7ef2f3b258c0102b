"""The bound table of null-window searches now lives in :mod:`mmlib.table`, beside the
transposition table.

>>> from mmlib.beyond.table import BoundTable
>>> BoundTable().bounds("p", 3)
(-inf, inf)
"""

from ..table import BoundTable

__all__ = ["BoundTable"]
