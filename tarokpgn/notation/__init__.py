"""The notation layer: read and write TPGN text and its JSON form.

>>> record = parse_record('[Variant "slovenian-4"]\\n\\nhand N škis srce kralj\\nend\\n')
>>> record.items[0].cards
('FOOL', 'HK')
>>> print(write_record(record), end="")
[Variant "slovenian-4"]
<BLANKLINE>
hand N FOOL HK
end
"""

from __future__ import annotations

from tarokpgn.notation.jsonform import from_json, to_json, validate
from tarokpgn.notation.reader import iter_file, iter_records, parse_record, read_headers
from tarokpgn.notation.wellformed import check_record
from tarokpgn.notation.writer import write_record, write_records

__all__ = [
    "check_record",
    "from_json",
    "iter_file",
    "iter_records",
    "parse_record",
    "read_headers",
    "to_json",
    "validate",
    "write_record",
    "write_records",
]
