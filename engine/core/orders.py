"""Standing orders: what a player asks the game to do for them when they are not there.

A player sets them privately (a `core_orders` action, whose log entry only they may read); a game
reads them only when that player's deadline lapses or while the player is away, and announces
every move it makes for them as such. Each game declares its own orders as a pydantic model
(`Game.orders_model`); the core keeps them, checks them, and forgets them at the player's return
when the player asked so.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, TypeAdapter, ValidationError, create_model

from engine.core.errors import RuleError
from engine.core.model import Event, GameState, Standing
from engine.core.moderation import Away

ORDERS_TYPE = "core_orders"


class SetOrders(BaseModel):
    """A player's standing orders for this game (None: cancel them)."""

    type: Literal["core_orders"] = "core_orders"
    orders: dict[str, Any] | None = None
    keep_on_return: bool = True  # False: forgotten when the player's declared absence ends


def core_moves(orders_model: type[BaseModel] | None) -> TypeAdapter[Any]:
    """The moves every game takes, as a game with these orders takes them (`python -m engine schema`):
    `core_away`, `core_draw`, `core_concede`, and `core_orders` carrying the game's own orders model."""
    from engine.core.concession import Concede
    from engine.core.draw import DrawAnswer

    if orders_model is None:
        return TypeAdapter(Annotated[Away | DrawAnswer | Concede, Field(discriminator="type")])
    orders = create_model("SetOrders", __base__=SetOrders, __doc__=SetOrders.__doc__,
                          orders=(orders_model | None, None))  # type: ignore[arg-type]
    return TypeAdapter(Annotated[Away | DrawAnswer | Concede | orders, Field(discriminator="type")])


def parse_orders(model: type[BaseModel] | None, data: dict[str, Any]) -> BaseModel:
    if model is None:
        raise RuleError("core.no_orders_here")
    unknown = sorted(set(data) - set(model.model_fields))
    if unknown:  # a mistyped order would otherwise be dropped in silence
        raise RuleError("core.bad_orders", field=unknown[0])
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        loc = exc.errors()[0]["loc"] if exc.errors() else ()
        where = ".".join(str(p) for p in loc) or "orders"
        raise RuleError("core.bad_orders", field=where) from None


def set_orders(game: Any, state: GameState, actor: str, action: SetOrders, now: datetime) -> list[Event]:
    """Store (or cancel) `actor`'s orders; only the actor hears of it."""
    if action.orders is None:
        if state.orders.pop(actor, None) is None:
            raise RuleError("core.no_orders_set")
        return [Event(key="core.orders_cleared", to=[actor])]
    parsed = parse_orders(game.orders_model, action.orders)
    game.check_orders(state, actor, parsed)
    state.orders[actor] = Standing(orders=parsed.model_dump(mode="json"), keep_on_return=action.keep_on_return,
                                   set_at=now, since=kept_since(game, state, actor, parsed))
    said = game.describe_orders(state, actor, parsed)
    events = [Event(key="core.orders_set", to=[actor],
                    params={"orders": said, "keep": action.keep_on_return})]
    reacted: list[Event] = game.on_orders(state, actor, now)
    return events + reacted


def kept_since(game: Any, state: GameState, actor: str, parsed: BaseModel) -> dict[str, Any]:
    """Orders are given whole (each option of `/<game> orders` changes only what it names and the rest is
    given again as it was): a piece given again unchanged keeps the moment it was first set (Impero's
    proxy limits rank by it), a new or changed piece is set now."""
    old = state.orders.get(actor)
    if old is None or game.orders_model is None:
        return {}
    before = game.order_pieces(state, game.orders_model.model_validate(old.orders))
    return {piece: old.set_when(piece) for piece, value in game.order_pieces(state, parsed).items()
            if piece in before and before[piece] == value}


def returned(state: GameState, actor: str, now: datetime) -> list[Event]:
    """The player is back (declared it, or moved after their absence ended): orders they asked to
    be forgotten at their return are dropped, and only they are told."""
    standing = state.orders.get(actor)
    if standing is None or standing.keep_on_return:
        return []
    until = state.away.get(actor)
    declared_back = until is None
    absence_over = until is not None and standing.set_at < until <= now
    if not (declared_back or absence_over):
        return []
    del state.orders[actor]
    return [Event(key="core.orders_forgotten", to=[actor])]


class OrdersMixin:
    """The hooks a game overrides to have standing orders (see `Game`)."""

    # the game's orders (a pydantic model whose fields all have defaults); None: the game has none
    orders_model: type[BaseModel] | None = None

    def check_orders(self, state: Any, player: str, orders: Any) -> None:
        """Refuse (RuleError) orders that name what the game does not have (a company, a region)."""

    def describe_orders(self, state: Any, player: str, orders: Any) -> list[dict[str, Any]]:
        """The orders in words, as Msg dumps (key + params) the bot renders in the reader's language."""
        return [{"key": "core.orders_field", "params": {"name": k, "value": v}}
                for k, v in orders.model_dump(mode="json").items() if v not in (None, [], {})]

    def order_pieces(self, state: Any, orders: Any) -> dict[str, Any]:
        """The orders as separate pieces, each with its value: a piece keeps the moment it was set while
        later orders give it again unchanged (`Standing.set_when`). By default each field is a piece."""
        return dict(orders.model_dump(mode="json"))

    def on_orders(self, state: Any, player: str, now: datetime) -> list[Event]:
        """Orders were just set: a game whose orders act at once (Impero's proxy bids) acts here."""
        return []

    def orders_of(self, state: Any, player: str) -> Any:
        """`player`'s orders as the game's model, or None."""
        standing = state.orders.get(player)
        if standing is None or self.orders_model is None:
            return None
        return self.orders_model.model_validate(standing.orders)

    def orders_due(self, state: Any, player: str, now: datetime, *, lapsed: bool) -> Any:
        """The orders that speak for `player` now: only when their deadline lapsed or they are away."""
        until = state.away.get(player)
        away = until is not None and until > now
        seat = state.player(player)
        gone = seat is not None and seat.left
        return self.orders_of(state, player) if (lapsed or away or gone) else None

    def orders_for(self, state: Any, viewer: str | None) -> dict[str, Any] | None:
        """What a viewer may see of standing orders: their own, never anyone else's."""
        if viewer is None:
            return None
        standing = state.orders.get(viewer)
        return standing.model_dump(mode="json") if standing is not None else None

    def orders_sample(self, state: Any, player: str) -> dict[str, Any] | None:
        """Orders a player could set now (for the registry-wide privacy tests); None if the game has none."""
        return {} if self.orders_model is not None else None

