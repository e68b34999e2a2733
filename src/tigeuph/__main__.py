"""``python -m tigeuph``: play a demo game between random players."""

from .demo import main

main()
