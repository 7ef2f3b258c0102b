"""``python -m mmlib.course COMMAND ...``: the same as ``mmlib-course``."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
