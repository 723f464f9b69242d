"""A finished game's final standing, best first with ties grouped: what the players' record rates."""

from __future__ import annotations

from typing import Any

from engine.core.model import GameState

# per-player numbers a game's state already keeps that order its non-winners (SPQRisiko's points,
# Impero's cash); a game keeping its score elsewhere overrides Game.final_scores
SCORE_FIELDS = ("points", "cash", "score", "scores", "vp")


def scores_kept(state: GameState) -> dict[str, float]:
    for name in SCORE_FIELDS:
        value: Any = getattr(state, name, None)
        if isinstance(value, dict) and value and all(isinstance(v, int | float) for v in value.values()):
            return {str(k): float(v) for k, v in value.items()}
    return {}


def final_ranking(state: GameState, scores: dict[str, float], in_play: list[str] | None = None) -> list[list[str]]:
    """Winners first (tied among them), then the players still seated by score (equal scores tie,
    no score at all ties them all), then those who conceded (the last to concede first), then those a
    moderator removed, tied last. A draw ties the players still in play (`in_play`: by default every one
    seated), whatever their score, ahead of those the game had already eliminated."""
    if state.status != "finished":
        return []
    seated = [p.id for p in state.players if not p.left]
    drawn = [p for p in (seated if in_play is None else in_play) if p in seated]
    # engine/core/draw.py's DRAW_REASON: the drawn players stand as the winners would
    winners = drawn if state.end_reason == "draw" else [w for w in state.winners if w in seated]
    rest = [p for p in seated if p not in winners]
    groups: list[list[str]] = [winners] if winners else []
    by_score: dict[float, list[str]] = {}
    for p in rest:
        by_score.setdefault(scores.get(p, float("-inf")), []).append(p)
    groups += [by_score[s] for s in sorted(by_score, reverse=True)]
    return groups + _gone(state)


def _gone(state: GameState) -> list[list[str]]:
    """Who left before the end, in order: the conceders, the last to concede first, each alone; then
    the players a moderator removed, tied."""
    conceded = [p for p in reversed(state.conceded) if (seat := state.player(p)) is not None and seat.left]
    removed = [p.id for p in state.players if p.left and p.id not in conceded]
    return [[p] for p in conceded] + ([removed] if removed else [])
