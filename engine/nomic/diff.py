"""An amendment shown as what it changes: a word-level diff of the rule's text, removed words struck
through and added ones in bold (Discord's markdown, plain enough to read anywhere)."""

from __future__ import annotations

from difflib import SequenceMatcher


def word_diff(old: str, new: str) -> str:
    a, b = old.split(), new.split()
    out: list[str] = []
    for op, i1, i2, j1, j2 in SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op == "equal":
            out.append(" ".join(a[i1:i2]))
            continue
        if i2 > i1:
            out.append(f"~~{' '.join(a[i1:i2])}~~")
        if j2 > j1:
            out.append(f"**{' '.join(b[j1:j2])}**")
    return " ".join(out)
