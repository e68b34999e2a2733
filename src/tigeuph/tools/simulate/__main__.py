"""``python -m tigeuph.tools.simulate``: the same as ``tigeuph simulate``."""

import sys

from .cli import main

sys.exit(main(prog="python -m tigeuph.tools.simulate"))
