"""``python -m tigeuph``: the ``tigeuph`` command."""

import sys

from .cli import main

sys.exit(main())
