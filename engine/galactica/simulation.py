"""The designers' simulation: N seeded games played by the autopilot in every seat.

`python -m engine.galactica.simulation --games 50 --players 3 --seed 1 --max-rounds 60` prints the
game length, the win rate by seat in turn order, how games ended and what the Casino made. Pure: the
games run on their own clock (a minute per move), so a run is the same on every machine.
"""

from __future__ import annotations

import argparse
from collections import Counter
from datetime import UTC, datetime, timedelta
from statistics import mean

from pydantic import BaseModel

from engine.core import Player
from engine.galactica.autopilot import choose_action
from engine.galactica.game import Galactica
from engine.galactica.models import GalacticaState

T0 = datetime(2026, 1, 1, tzinfo=UTC)
MAX_MOVES = 50_000


class GameResult(BaseModel):
    seed: int
    rounds: int
    moves: int
    end_reason: str
    winner_seats: list[int]  # positions in turn order
    casino_bank: int  # what the Interstellar Bank made (negative: what players won)
    casino_stakes: int  # how many stakes were settled
    casino_bets: int = 0  # how many bets were placed
    eliminations: list[tuple[str, int]] = []  # (cause, round) of each faction knocked out
    first_battle_round: int = 0  # the first round two factions met in battle (0: never)
    ndri: list[float] = []  # per round: the mean Ndri of the factions still in
    raw: list[float] = []  # per round: the mean raw materials (fuel + metal + stone) of the factions still in


class Report(BaseModel):
    games: int
    players: int
    rounds_mean: float
    rounds_min: int
    rounds_max: int
    win_rate_by_seat: list[float]
    end_reasons: dict[str, int]
    casino_bank_mean: float
    casino_bank_total: int
    results: list[GameResult]


def play_one(game: Galactica, players: int, seed: int, settings: dict[str, object]) -> GameResult:
    people = [Player(id=str(9001 + i), name=f"Bot {i + 1}") for i in range(players)]
    state: GalacticaState = game.setup(game.parse_settings(settings), people, seed, T0)
    now = T0
    moves = stakes = bets = first_battle = 0
    ndri: list[float] = []
    raw: list[float] = []
    for _ in range(MAX_MOVES):
        if state.status != "active":
            break
        now += timedelta(minutes=1)
        events = game.advance(state, now)
        if state.status == "active":
            for actor in sorted(game.awaiting(state)):
                action = choose_action(state, actor)
                if action is None:
                    continue
                events += game.apply(state, actor, action, now)
                moves += 1
                break
            else:  # nobody can move: let the deadline pass
                now += timedelta(hours=state.settings.turn_hours)
        stakes += sum(1 for e in events if e.key in ("galactica.casino_won", "galactica.casino_lost"))
        bets += sum(1 for e in events if e.key == "galactica.casino_bet")
        if not first_battle and any(e.key in ("galactica.battle", "galactica.ground_result") for e in events):
            first_battle = state.round
        while len(ndri) < state.round:  # a round has begun: the treasuries as it begins
            alive = [f for f in state.factions.values() if not f.out] or list(state.factions.values())
            ndri.append(round(sum(f.ndri for f in alive) / len(alive), 1))
            raw.append(round(sum(f.fuel + f.metal + f.stone for f in alive) / len(alive), 2))
    seats = [state.order.index(w) for w in state.winners if w in state.order]
    out = sorted(((f.out_cause, f.out_round) for f in state.factions.values() if f.out), key=lambda c: c[1])
    return GameResult(seed=seed, rounds=state.round, moves=moves, end_reason=state.end_reason or "unfinished",
                      winner_seats=seats, casino_bank=state.casino_bank, casino_stakes=stakes, casino_bets=bets,
                      eliminations=out, first_battle_round=first_battle, ndri=ndri, raw=raw)


def simulate(games: int, players: int, seed: int = 1, max_rounds: int = 60) -> Report:
    game = Galactica()
    results = [play_one(game, players, seed + i, {"max_rounds": max_rounds}) for i in range(games)]
    wins = Counter(s for r in results for s in r.winner_seats)
    return Report(
        games=games, players=players,
        rounds_mean=round(mean(r.rounds for r in results), 2),
        rounds_min=min(r.rounds for r in results), rounds_max=max(r.rounds for r in results),
        win_rate_by_seat=[round(wins[s] / games, 3) for s in range(players)],
        end_reasons=dict(Counter(r.end_reason for r in results)),
        casino_bank_mean=round(mean(r.casino_bank for r in results), 1),
        casino_bank_total=sum(r.casino_bank for r in results), results=results)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.galactica.simulation")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-rounds", type=int, default=60)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    report = simulate(args.games, args.players, args.seed, args.max_rounds)
    if args.json:
        print(report.model_dump_json(indent=2))
        return 0
    print(f"{report.games} games, {report.players} players, round limit {args.max_rounds}")
    print(f"length in rounds: mean {report.rounds_mean}, min {report.rounds_min}, max {report.rounds_max}")
    print("win rate by seat in turn order: " + ", ".join(f"{i + 1}: {w:.1%}" for i, w in
                                                          enumerate(report.win_rate_by_seat)))
    print(f"endings: {report.end_reasons}")
    print(f"casino: the bank made {report.casino_bank_mean} Ndri a game on average "
          f"({report.casino_bank_total} in all)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
