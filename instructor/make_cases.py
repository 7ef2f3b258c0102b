"""Write the labs' practice case files into ``notebooks/labs/cases/`` (see :mod:`mmlib.check.casefile`).

    python instructor/make_cases.py
"""

from __future__ import annotations

from pathlib import Path

from mmlib.check.practice import CASES_DIR, write_practice

ROOT = Path(__file__).resolve().parent.parent

if __name__ == "__main__":
    for path in write_practice(ROOT / "notebooks" / "labs" / CASES_DIR):
        print(path.relative_to(ROOT))
