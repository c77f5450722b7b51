# The C module tarokpgn/_verdict_json.c (optional: see that file and tarokpgn.verdict).
def element(
    verdict: object, file: object, index: object, line: object, match: object, deal: object, /
) -> bytes | None: ...
def setup(
    status_type: type, classes: tuple[type, ...], names: tuple[tuple[str, ...], ...], /
) -> None: ...
