"""A deck of named cards with a discard pile that is reshuffled when the deck runs out."""

from __future__ import annotations

from pydantic import BaseModel, Field

from engine.core.rng import Rng


class Deck(BaseModel):
    draw_pile: list[str] = Field(default_factory=list)
    discard: list[str] = Field(default_factory=list)

    @classmethod
    def shuffled(cls, cards: list[str], rng: Rng) -> Deck:
        pile = list(cards)
        rng.shuffle(pile)
        return cls(draw_pile=pile)

    def draw(self, rng: Rng) -> str | None:
        """Top card, reshuffling the discards first if the pile is empty; None if both are."""
        if not self.draw_pile and self.discard:
            self.draw_pile = self.discard
            self.discard = []
            rng.shuffle(self.draw_pile)
        if not self.draw_pile:
            return None
        return self.draw_pile.pop()

    def discard_cards(self, cards: list[str]) -> None:
        self.discard.extend(cards)

    def __len__(self) -> int:
        return len(self.draw_pile)
