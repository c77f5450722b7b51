"""Rules in words, for the judge to read out (keyed by the engine's fault codes)."""

from __future__ import annotations

from typing import Final

RULE_WORDS: Final = {
    "follow-suit": "a player who holds a card of the suit led must play one",
    "must-trump": "a player with no card of the suit led must play a tarok if he has one",
    "tarok-led": "when a tarok is led, every player must play a tarok if he has one",
    "must-beat": "in this game a player must beat the best card so far when he can",
    "must-overtrump": "a player playing a trump must beat the best trump so far when he can",
    "pagat-last": "in this game the pagat may be played only when it is the only legal card",
    "wrong-leader": "the winner of a trick leads the next one",
    "first-leader": "the first trick is led by the player the rules name",
    "out-of-turn": "players play in turn",
    "discard": "the cards laid away in the talon exchange must follow the rules of the exchange",
}
"""Fault code → the rule in plain words."""

KIND_WORDS: Final = {
    "revoke": "failed to follow suit or to play a tarok when bound to",
    "underplay": "did not beat when bound to",
    "out-of-turn": "played out of turn",
    "discard": "laid away cards wrongly",
    "showing": "showed cards to other players",
    "signalling": "signalled cards by gesture, speech or expression",
    "other": "broke the rules in another way",
}
"""Renons kind → what the claimant says the accused did."""

UNRECORDABLE: Final = frozenset({"showing", "signalling", "other"})
"""Kinds a record holds no trace of: they cannot be decided from the record."""

PLAY_KINDS: Final = frozenset({"revoke", "underplay"})

KIND_OF_CODE: Final = {
    "follow-suit": "revoke",
    "must-trump": "revoke",
    "not-held": "revoke",
    "must-beat": "underplay",
    "must-overtrump": "underplay",
    "pagat-last": "underplay",
    "wrong-leader": "out-of-turn",
    "first-leader": "out-of-turn",
    "out-of-turn": "out-of-turn",
    "illegal-discard": "discard",
    "talon-group": "discard",
    "discard-count": "discard",
}
"""Engine fault code → the renons kind that covers it (for the archive audit)."""

SUIT_WORDS: Final = ("hearts", "diamonds", "spades", "clubs", "taroks", "")
