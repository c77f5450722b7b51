import sys

from tarokpgn.cli import main

sys.exit(main())
