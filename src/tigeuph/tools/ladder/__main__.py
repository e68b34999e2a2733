"""``python -m tigeuph.tools.ladder``: the ladder's command line."""

import sys

from .cli import main

sys.exit(main(prog="python -m tigeuph.tools.ladder"))
