"""The header words of club score sheets (:mod:`tarokpgn.convert.scoresheet`), per language:
what names each column, what marks a running total, and the family a language suggests.

docs/convert/scoresheet.inc shows these tables as they are (a test holds them equal).
"""

from __future__ import annotations

from typing import Final

# fmt: off
HEADERS: Final[dict[str, dict[str, tuple[str, ...]]]] = {
    "en": {
        "match": ("Match", "Session"), "event": ("Event", "Tournament"),
        "site": ("Site", "Venue", "Place"), "date": ("Date",),
        "round": ("Round",), "deal": ("Deal", "Deal no", "No", "#", "Game no", "Hand"),
        "dealer": ("Dealer",),
        "variant": ("Variant",), "ruleset": ("Ruleset", "Rules"), "options": ("Options",),
        "contract": ("Contract", "Game", "Bid"),
        "declarer": ("Declarer", "Player", "Taker", "Bidder"),
        "partner": ("Partner", "Called", "Ally"), "difference": ("Difference", "Diff", "Margin"),
        "bonuses": ("Bonuses", "Bonus", "Announcements", "Extras"),
        "kontras": ("Kontras", "Kontra", "Doubles", "Doubling"),
        "note": ("Note", "Notes", "Comment", "Remarks"),
    },
    "sl": {
        "match": ("Partija", "Tekma", "Srečanje"), "event": ("Turnir", "Dogodek"),
        "site": ("Kraj",), "date": ("Datum",), "round": ("Krog",),
        "deal": ("Št. igre", "Številka igre", "Igra št.", "Št.", "Zap. št.", "Deljenje"),
        "dealer": ("Delivec", "Delil", "Mešal"), "variant": ("Različica", "Varianta"),
        "ruleset": ("Pravila",), "options": ("Možnosti",), "contract": ("Igra", "Kontrakt"),
        "declarer": ("Igralec", "Licitant"),
        "partner": ("Partner", "Rufani", "Soigralec", "Klicani"), "difference": ("Razlika",),
        "bonuses": ("Bonusi", "Dodatki", "Napovedi"), "kontras": ("Kontre", "Kontra"),
        "note": ("Opomba", "Opombe"),
    },
    "cs": {
        "match": ("Partie", "Zápas", "Utkání"), "event": ("Turnaj",), "site": ("Místo",),
        "date": ("Datum",), "round": ("Kolo",), "deal": ("Číslo hry", "Hra č.", "Rozdání"),
        "dealer": ("Rozdávající", "Rozdával", "Míchal"), "variant": ("Varianta",),
        "ruleset": ("Pravidla",), "options": ("Volby",),
        "contract": ("Hra", "Kontrakt", "Závazek"), "declarer": ("Hráč", "Aktér", "Vydražitel"),
        "partner": ("Partner", "Spoluhráč"), "difference": ("Rozdíl",),
        "bonuses": ("Hlášky", "Hlášení", "Bonusy"), "kontras": ("Fleky", "Flek", "Kontra"),
        "note": ("Poznámka", "Poznámky"),
    },
    "fr": {
        "match": ("Partie", "Match", "Séance"), "event": ("Tournoi",), "site": ("Lieu",),
        "date": ("Date",), "round": ("Tour",), "deal": ("Donne", "N°", "Numéro", "No"),
        "dealer": ("Donneur",),
        "variant": ("Variante",), "ruleset": ("Règles",), "options": ("Options",),
        "contract": ("Contrat", "Enchère"), "declarer": ("Preneur", "Attaquant", "Déclarant"),
        "partner": ("Partenaire", "Appelé"), "difference": ("Différence", "Diff"),
        "bonuses": ("Primes", "Annonces", "Bonus"), "kontras": ("Contres", "Contre"),
        "note": ("Remarque", "Remarques", "Commentaire"),
    },
    "it": {
        "match": ("Partita", "Incontro", "Sessione"), "event": ("Torneo",), "site": ("Luogo",),
        "date": ("Data",), "round": ("Giro",), "deal": ("Mano", "Smazzata", "N°", "Numero"),
        "dealer": ("Mazziere", "Cartaio"), "variant": ("Variante",), "ruleset": ("Regole",),
        "options": ("Opzioni",), "contract": ("Contratto", "Gioco"),
        "declarer": ("Giocatore", "Dichiarante", "Chiamante"),
        "partner": ("Compagno", "Socio", "Chiamato"), "difference": ("Differenza",),
        "bonuses": ("Premi", "Dichiarazioni", "Bonus"), "kontras": ("Contre", "Contra"),
        "note": ("Nota", "Note"),
    },
    "de": {
        "match": ("Partie", "Sitzung", "Match"), "event": ("Turnier",), "site": ("Ort",),
        "date": ("Datum",), "round": ("Runde",), "deal": ("Spiel Nr.", "Nr.", "Nummer"),
        "dealer": ("Geber",),
        "variant": ("Variante",), "ruleset": ("Regeln",), "options": ("Optionen",),
        "contract": ("Spiel", "Kontrakt", "Ansage"), "declarer": ("Spieler", "Alleinspieler"),
        "partner": ("Partner", "Mitspieler", "Gerufener"),
        "difference": ("Differenz", "Unterschied"), "bonuses": ("Prämien", "Boni", "Ansagen"),
        "kontras": ("Kontras", "Kontra"), "note": ("Notiz", "Bemerkung", "Anmerkung"),
    },
}
"""Language → column → the header words that name it (any case, with or without diacritics);
the first is what ``scoresheet-LANG`` writes."""

TOTAL_WORDS: Final[dict[str, tuple[str, ...]]] = {
    "en": ("total", "sum", "Σ"), "sl": ("skupaj", "vsota"), "cs": ("celkem", "součet"),
    "fr": ("total", "cumul"), "it": ("totale", "somma"), "de": ("gesamt", "Summe", "Stand"),
}
"""Language → the words that make a player's column a running total (``Ana total``,
``skupaj Ana``, ``Σ N``); the first is what ``scoresheet-LANG`` writes after the player."""
# fmt: on

FAMILY_OF_LANGUAGE: Final = {"cs": "czech", "fr": "french", "it": "tarocchini"}
"""The family a sheet's language suggests when it has no variant column (else Slovenian)."""
