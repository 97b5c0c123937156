"""``python -m flip7odds``: the same command line as the ``flip7odds`` script."""

import sys

from flip7odds.cli import main

sys.exit(main())
