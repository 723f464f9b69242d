"""Impero: telecom companies compete for the nodes of Italy (see docs/rules/impero.md)."""

from engine.core import register
from engine.impero.game import Impero
from engine.impero.models import (
    AcceptOffer,
    Bid,
    BuyNode,
    BuyShares,
    ClaimCeo,
    CreateCompany,
    ImperoSettings,
    ImperoState,
    ListShares,
    OfferMoney,
    Recapitalize,
    RefuseOffer,
    RentNode,
    SetReinvest,
    UpgradeNode,
    WithdrawListing,
)

GAME: Impero = register(Impero())  # type: ignore[assignment]

__all__ = [
    "GAME",
    "AcceptOffer",
    "Bid",
    "BuyNode",
    "BuyShares",
    "ClaimCeo",
    "CreateCompany",
    "Impero",
    "ImperoSettings",
    "ImperoState",
    "ListShares",
    "OfferMoney",
    "Recapitalize",
    "RefuseOffer",
    "RentNode",
    "SetReinvest",
    "UpgradeNode",
    "WithdrawListing",
]
