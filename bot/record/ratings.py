"""Ratings per game: openskill's Plackett-Luce model over each rated game's final standing, in the
order the games ended. The display value is the conservative mu - 3 sigma."""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()


@dataclass
class Skill:
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0
    wins: int = 0

    @property
    def display(self) -> float:
        return self.mu - 3 * self.sigma


def rate(skills: dict[str, Skill], standing: list[list[str]], winners: set[str]) -> dict[str, Skill]:
    """The players' skills after one game (`standing`: best first, tied players grouped). The skills
    of the players in it are replaced in `skills` and returned."""
    players = [p for group in standing for p in group]
    ranks = [i + 1 for i, group in enumerate(standing) for _ in group]
    before = [skills.get(p) or Skill() for p in players]
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in before]
    after = MODEL.rate(teams, ranks=ranks)  # type: ignore[arg-type]
    changed = {}
    for p, old, team in zip(players, before, after, strict=True):
        changed[p] = skills[p] = Skill(mu=team[0].mu, sigma=team[0].sigma, games=old.games + 1,
                                       wins=old.wins + (p in winners))
    return changed
