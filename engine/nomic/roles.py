"""Roles: the King (rules 7 and 10), the Humble Scribe (rule 6), courtiers, and newcomers (rule 4)."""

from __future__ import annotations

from datetime import datetime, timedelta

from engine.core import Event, Player, RuleError
from engine.core.names import check_name, find_by_name, name_key
from engine.nomic import ledger
from engine.nomic.actions import Admit, HandScribe
from engine.nomic.models import Audit, NomicState
from engine.nomic.ruleset import param, require, running, variant


def in_play(state: NomicState) -> list[str]:
    """Players of the game now (not expelled, not kicked)."""
    return [p.id for p in state.players if not p.left]


def resolve(state: NomicState, who: str) -> str:
    """A player id from an id or a typed name."""
    seat = state.player(who)
    if seat is not None and not seat.left:
        return who
    pid = find_by_name(who, {p.id: p.name for p in state.players if not p.left})
    if pid is None:
        raise RuleError("nomic.no_player", name=who)
    return pid


def is_courtier(state: NomicState, pid: str) -> bool:
    return pid != state.king and pid in in_play(state)


def require_courtier(state: NomicState, pid: str) -> None:
    if state.king and pid == state.king:
        raise RuleError("nomic.king_cannot")


def require_king(state: NomicState, pid: str) -> list[Event]:
    """The King's powers; using one during the refusal window accepts the crown."""
    if not state.king:
        raise RuleError("nomic.no_king")
    if pid != state.king:
        raise RuleError("nomic.not_king", king=state.name_of(state.king))
    if state.crown_open:
        state.crown_open = False
        state.cancel_timers("crown")
        return [Event(key="nomic.king_accepted", params={"player": state.name_of(pid)})]
    return []


def require_scribe(state: NomicState, pid: str) -> None:
    if pid != state.scribe:
        raise RuleError("nomic.not_scribe", scribe=state.name_of(state.scribe))


def succession(state: NomicState, proposers: set[str]) -> list[str]:
    """Rule 7: the players after the King in cyclic alphabetical order (by display name) who made
    a proposal in the Giornata just ended; the King himself never follows himself. The variant in
    force may drop the proposal (`next_player`) or crown the richest treasure (`richest`)."""
    # the King keeps his place in the circle even if he has just been expelled
    circle = set(in_play(state)) | ({state.king} if state.king else set())
    everyone = sorted(circle, key=lambda pid: (name_key(state.name_of(pid)), pid))
    if state.king in everyone:
        at = everyone.index(state.king)
        everyone = everyone[at + 1:] + everyone[:at]
    how = variant(state, "succession")
    eligible = [pid for pid in everyone if pid != state.king and pid not in state.quarantined
                and pid in in_play(state) and (how != "next_proposer" or pid in proposers)]
    if how == "richest":  # stable: ties keep the cyclic order
        eligible.sort(key=lambda pid: -state.treasure.get(pid, 0))
    return eligible


def next_king(state: NomicState, proposers: set[str], now: datetime) -> tuple[bool, list[Event]]:
    """The rollover's crowning. Returns (the game must end, the events). Without rule 7 there is no
    King; with the `keeps` variant the King reigns on while he can."""
    state.crown_open = False
    state.cancel_timers("crown")
    if not running(state, "king"):
        state.king, state.crown_queue = "", []
        return False, []
    if variant(state, "succession") == "keeps" and state.king in in_play(state) \
            and state.king not in state.quarantined:
        return False, []
    state.crown_queue = succession(state, proposers)
    if not state.crown_queue:
        return True, []
    return False, crown(state, state.crown_queue.pop(0), now)


def no_successor(state: NomicState, proposers: set[str]) -> bool:
    """Would the rollover find no King (rule 7), with these proposers? Then the game ends there."""
    if not running(state, "king"):
        return False
    if variant(state, "succession") == "keeps" and state.king in in_play(state) \
            and state.king not in state.quarantined:
        return False
    return not succession(state, proposers)


def crown(state: NomicState, candidate: str, now: datetime) -> list[Event]:
    state.king = candidate
    state.crown_open = True
    state.cancel_timers("crown")
    state.add_timer("crown", now + timedelta(hours=param(state, "refusal_hours")), player=candidate)
    return [Event(key="nomic.new_king", params={"player": state.name_of(candidate)}),
            Event(key="nomic.you_are_king", params={"until": state.deadline("crown", player=candidate)},
                  to=[candidate], notify="action")]


def answer(state: NomicState, actor: str, accept: bool, now: datetime) -> tuple[list[Event], bool]:
    """The King-designate accepts or refuses. Returns the events and whether the game must end."""
    if actor != state.king or not state.crown_open:
        raise RuleError("nomic.no_crown_offer")
    state.cancel_timers("crown")
    if accept:
        state.crown_open = False
        return [Event(key="nomic.king_accepted", params={"player": state.name_of(actor)})], False
    events = [Event(key="nomic.king_refused", params={"player": state.name_of(actor)})]
    while state.crown_queue:
        nxt = state.crown_queue.pop(0)
        if nxt in in_play(state):
            return events + crown(state, nxt, now), False
    state.crown_open = False
    return events, True


def hand_scribe(state: NomicState, actor: str, action: HandScribe) -> list[Event]:
    require_scribe(state, actor)
    to = resolve(state, action.to)
    state.scribe = to
    state.audit.append(Audit(giornata=state.giornata, by=actor, what="scribe",
                             detail={"to": state.name_of(to)}))
    return [Event(key="nomic.new_scribe", params={"player": state.name_of(to)})]


def admit(state: NomicState, actor: str, action: Admit) -> list[Event]:
    """Rule 4: asking the Scribe is enough (`asked`: the request itself, filed by the bot on the
    Scribe's desk); the Scribe may also seat someone who asked elsewhere."""
    require_scribe(state, actor)
    require(state, "joining")
    if state.player(action.user) is not None or action.user in state.applicants:
        raise RuleError("nomic.already_player")
    name = check_name(action.name, [p.name for p in state.players] + list(state.applicants.values()))
    state.applicants[action.user] = name
    state.audit.append(Audit(giornata=state.giornata, by=actor, what="admit",
                             detail={"player": name, "asked": int(action.asked)}))
    return [Event(key="nomic.asked_to_join" if action.asked else "nomic.admitted",
                  params={"player": name, "giornata": state.giornata + 1})]


def seat_newcomers(state: NomicState) -> list[Event]:
    """Rule 4 and 2500: newcomers play from this Giornata with the start treasure and the average
    economic power of the Giornata before (rounded down, at least 1)."""
    events = []
    powers = [state.power[p] for p in in_play(state) if p in state.power]
    average = max(1, sum(powers) // len(powers)) if powers else param(state, "start_power")
    for pid, name in state.applicants.items():
        state.players.append(Player(id=pid, name=name))
        state.admitted.append(pid)
        state.treasure[pid] = 0
        ledger.mint(state, pid, param(state, "start_treasure"), "start", now=True)
        state.power[pid] = average
        events.append(Event(key="nomic.joined", params={"player": name, "power": average}))
    state.applicants = {}
    return events
