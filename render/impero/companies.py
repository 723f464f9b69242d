"""How Impero shows a company: its colour, never a player's, and its mark on the map's cells."""

from __future__ import annotations

from typing import Any

# Well-separated hues that are none of the players' (Okabe-Ito, render/common.py): on the market
# board and the chart a company is never mistaken for a player. Company i gets COMPANY_COLOURS[i % 20].
COMPANY_COLOURS: tuple[tuple[int, int, int], ...] = (
    (120, 60, 160), (160, 40, 40), (60, 120, 60), (255, 120, 120), (40, 60, 130),
    (150, 200, 80), (120, 80, 40), (255, 190, 220), (0, 200, 200), (180, 140, 255),
    (100, 100, 20), (255, 80, 180), (30, 30, 90), (200, 170, 120), (0, 90, 90),
    (170, 0, 90), (90, 160, 255), (140, 140, 0), (255, 150, 60), (70, 200, 140),
)


def company_colour(index: int) -> tuple[int, int, int]:
    return COMPANY_COLOURS[index % len(COMPANY_COLOURS)]


def company_marks(companies: Any) -> dict[str, str]:
    """Each company's mark, unique on the map: its initials, else its first letter and its trailing
    number or last letter ("Soc1" -> "S1"), else its first letter and its place in the list."""
    marks: dict[str, str] = {}
    taken: set[str] = set()
    firsts = [initials(c.name) for c in companies]
    for i, c in enumerate(companies):
        digits = c.name[len(c.name.rstrip("0123456789")):]
        for mark in (firsts[i] if firsts.count(firsts[i]) == 1 else "", (c.name[:1] + (digits or c.name[-1:])).upper(),
                     f"{c.name[:1].upper()}{i + 1}"):
            if mark and mark not in taken:
                break
        marks[c.id] = mark
        taken.add(mark)
    return marks


def initials(name: str) -> str:
    """A company's mark on its cells: the first letters of its first two words ("Telco" -> "TE")."""
    words = [w for w in name.split() if w[:1].isalnum()] or [name]
    text = "".join(w[0] for w in words[:2]) if len(words) > 1 else words[0][:2]
    return text.upper()
