"""``python -m mmlib.course COMMAND ...``: the same as ``mmlib-course``."""

import sys

from .cli import main

sys.exit(main())
