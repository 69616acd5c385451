"""Run the engine's command line: ``python -m engine --help``."""

import sys

from .cli import main

sys.exit(main())
