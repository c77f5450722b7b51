"""tarokpgn: record, verify and study deals of the tarok family of card games."""

__version__ = "0.1.0"
