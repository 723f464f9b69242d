"""The shipped map: symmetric, connected, islands only by sea, names unique, Roma in Italia."""

from __future__ import annotations

from engine.spqrisiko.board import all_cards, board, card_counts, fold


def test_sizes_and_names() -> None:
    b = board()
    assert len(b.provinces) >= 40
    assert len(b.seas) >= 10
    names = [fold(p.name) for p in b.provinces.values()] + [fold(s.name) for s in b.seas.values()]
    assert len(names) == len(set(names))
    assert "roma" in b.provinces and b.provinces["roma"].name == "Roma"
    for sea in ("Mare Tyrrhenum", "Mare Adriaticum", "Mare Aegaeum", "Pontus Euxinus", "Oceanus Atlanticus"):
        assert b.resolve_sea(sea) is not None


def test_adjacency_symmetric_and_known() -> None:
    b = board()
    for p in b.provinces.values():
        for n in p.land:
            assert n in b.provinces and p.id in b.provinces[n].land, (p.id, n)
            assert n != p.id
        for s in p.seas:
            assert s in b.seas and p.id in b.seas[s].coasts, (p.id, s)
    for s in b.seas.values():
        for t in s.seas:
            assert t in b.seas and s.id in b.seas[t].seas, (s.id, t)
        for c in s.coasts:
            assert s.id in b.provinces[c].seas


def test_islands() -> None:
    b = board()
    islands = {p.id for p in b.provinces.values() if p.island}
    assert {"sicilia", "sardinia", "corsica", "creta", "cyprus", "britannia"} <= islands
    for i in islands:
        assert b.provinces[i].land == ()
        assert b.provinces[i].seas


def test_connected_through_land_and_sea() -> None:
    b = board()
    nodes = set(b.provinces) | set(b.seas)
    seen = {"roma"}
    stack = ["roma"]
    while stack:
        node = stack.pop()
        nxt = (*b.provinces[node].land, *b.provinces[node].seas) if node in b.provinces else (
            *b.seas[node].seas, *b.seas[node].coasts)
        for n in nxt:
            if n not in seen:
                seen.add(n)
                stack.append(n)
    assert seen == nodes


def test_name_matching_ignores_case_accents_spaces() -> None:
    b = board()
    assert b.resolve_province("gallia  BÈLGICA") == "gallia_belgica"
    assert b.resolve_province("Sicily") == "sicilia"
    assert b.resolve_province("mare tyrrhenum") is None
    assert b.resolve_sea("MARETYRRHENUM") == "mare_tyrrhenum"
    assert "Gallia Belgica" in b.complete("gall")


def test_deck_has_55_cards() -> None:
    assert card_counts() == {"legionario": 14, "nave": 14, "colosseo": 13, "vessillo": 14}
    assert len(all_cards()) == 55 == len(set(all_cards()))


def test_seas_accept_their_short_form() -> None:
    from engine.spqrisiko.board import board

    b = board()
    assert b.resolve_sea("tyrrhenum") == "mare_tyrrhenum" and b.resolve_sea("Euxinus") == "pontus_euxinus"
    assert b.resolve_sea("Mare Tyrrhenum") == "mare_tyrrhenum"
