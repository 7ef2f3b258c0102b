"""Shared set-up of the test suite.

Figures drawn by the tests go to matplotlib's Agg backend, chosen here for this process only: the
kernels that nbval and the browser tests start inherit the environment, not this choice, so every notebook
draws with the kernel's own inline backend, exactly as in JupyterLab.
"""

import matplotlib

matplotlib.use("Agg")
