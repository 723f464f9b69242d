"""Snapshots saved before state version 3 kept every number in one `params` table and tied mechanics
to fixed rule ids; now each rule holds what it governs. This step moves them onto the rules."""

from __future__ import annotations

import json
from typing import Any

from engine.nomic.models import Rule
from engine.nomic.ruleset import declared, knobs_of, mechanics

NEW_MECHANICS = ("king", "giornata", "joining", "proposals")  # run by Araldo before, unnamed


def _rule(raw: dict[str, Any], params: dict[str, int]) -> dict[str, Any]:
    rule = dict(raw)
    rid = str(rule.get("id", ""))
    # only the rulebook's own rules declared mechanics then (re-imported ones never reconnected)
    names = list(declared().get(int(rid), ())) if rid.isdigit() else []
    if names:
        rule["mechanics"] = names
        rule["knobs"] = {k.name: params.get(k.name, k.default) for m in names for k in knobs_of(m)}
    return rule


def v2_knobs(data: dict[str, Any]) -> dict[str, Any]:
    data = dict(data)
    params: dict[str, int] = data.pop("params", {}) or {}
    data["rules"] = [_rule(r, params) for r in data.get("rules", [])]
    # repealed laws: dicts before the chronicle (version 1), JSON texts after it
    data["repealed"] = [_rule(r, params) if isinstance(r, dict)
                        else Rule.model_validate(_rule(json.loads(r), params)).model_dump_json(exclude_defaults=True)
                        for r in data.get("repealed", [])]
    was = set(data.get("mechanics", []))
    declaring = {m for r in data["rules"] for m in r.get("mechanics", [])}
    data["mechanics"] = [m for m in mechanics() if m in was or (m in NEW_MECHANICS and m in declaring)]
    return data
