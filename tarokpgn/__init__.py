"""tarokpgn: record, verify and study deals of the tarok family of card games."""

__version__ = "0.1.0"

from tarokpgn.generate import generate  # noqa: E402
from tarokpgn.replay import verify, verify_all  # noqa: E402
from tarokpgn.rules import find_ruleset  # noqa: E402

__all__ = ["__version__", "find_ruleset", "generate", "verify", "verify_all"]

from tarokpgn.renons import judge as judge_renons  # noqa: E402

__all__ += ["judge_renons"]
