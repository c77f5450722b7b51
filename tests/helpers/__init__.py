"""Helpers shared by the test modules (not tests themselves): record mutations, deal builders,
Hypothesis strategies, archive fakes, the fuzzer and the golden-corpus checks. ``tests/`` is on
``sys.path`` (pytest's default import mode), so a test imports ``helpers.<module>``."""
