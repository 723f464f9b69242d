"""Representative legal actions for a player now (private panel buttons, autopilot, random play).
Amounts are a few sensible values. The Scribe's judgement that a move made the game impossible
(rule 2100) is never offered: it is a ruling, not a move."""

from __future__ import annotations

from pydantic import BaseModel

from engine.nomic import actions as a
from engine.nomic import chronicle, gladiators, ledger, proposals, roles, voting
from engine.nomic.models import NomicState, Rule
from engine.nomic.ruleset import governor, knobs, knobs_of, ordered, param, running, texts, variant


def _free_magic(state: NomicState, start: int) -> str:
    taken = {m for g in state.gladiators for m in (g.magic, g.training) if m}
    for i in range(3125):
        n = (start + i) % 3125
        magic = "".join(str(n // 5**k % 5 + 1) for k in range(5))
        if magic not in taken:
            return magic
    return "11111"  # pragma: no cover - 3125 gladiators


def _others(state: NomicState, actor: str) -> list[str]:
    return [p for p in roles.in_play(state) if p != actor]


def legal(state: NomicState, actor: str) -> list[BaseModel]:
    if state.status != "active" or actor not in roles.in_play(state):
        return []
    out: list[BaseModel] = []
    if actor == state.scribe:
        out += _scribe(state, actor)
    if actor in state.quarantined:
        return out + _quarantine(state, actor)
    avail = ledger.available(state, actor)
    others = _others(state, actor)
    if actor == state.king and state.crown_open:
        out += [a.KingAnswer(accept=True), a.KingAnswer(accept=False)]
    out += _proposals(state, actor)
    out += _votes(state, actor)
    pend = proposals.pending(state)
    if state.king and actor == state.king and running(state, "king_powers") \
            and state.vetoes_used < param(state, "vetoes") and pend:
        out.append(a.Veto(proposal=pend[0].id))
    if running(state, "nomica") and avail >= 1 and others:
        out.append(a.Give(to=others[state.giornata % len(others)], amount=min(avail, 100)))
    low = param(state, "deposit_min")
    if running(state, "bank") and avail >= low and not any(d.owner == actor for d in state.deposits):
        amount = max(low, min(avail, param(state, "deposit_max"), 500))
        out += [a.MakeDeposit(amount=amount, giornate=1), a.MakeDeposit(amount=amount, giornate=4)]
    if running(state, "gladiators") and avail >= param(state, "gladiator_price"):
        n = state.gladiator_seq + 1
        out.append(a.BuyGladiator(name=f"Gladiator {n}", magic=_free_magic(state, n * 7919)))
    mine = [g for g in state.gladiators if g.owner == actor and gladiators.usable(state, g)]
    if running(state, "schools") and mine and state.trained_in.get(actor) != state.giornata \
            and avail >= param(state, "training_price"):
        g = mine[0]
        for d in "12345":
            magic = d + g.magic[1:]
            if magic != g.magic and not any(magic in (x.magic, x.training) for x in state.gladiators):
                out.append(a.TrainGladiator(gladiator=g.name, magic=magic))
                break
    if running(state, "bribes") and actor != state.king and avail >= param(state, "bribe_threshold"):
        for p in pend:
            if p.author != actor:
                continue
            target = next((v for v, b in p.ballots.items() if b.choice != "for" and v not in (actor, state.king)
                           and v in roles.in_play(state)), None)
            if target:
                out.append(a.Bribe(proposal=p.id, to=target, amount=param(state, "bribe_threshold")))
                break
    if running(state, "decrees"):
        out.append(a.Contest(text="Interpretation?"))
        open_contest = next((c for c in state.contests if c.decree is None), None)
        if actor == state.king and open_contest:
            old = next((d.id for d in state.decrees if d.active), None)
            out.append(a.IssueDecree(contest=open_contest.id, text="So it is.", replaces=old))
    if running(state, "property"):
        owned = [r for r in state.rules if r.owner == actor and r.id not in state.to_delete]
        if owned:
            out.append(a.LawDelete(rule=owned[0].number))
            if others:
                out.append(a.LawTransfer(rule=owned[-1].number, to=others[0]))
    for o in state.offers:
        if o.buyer == actor and avail >= o.price:
            out.append(a.BuyOffered(offer=o.id))
    return out


def _proposals(state: NomicState, actor: str) -> list[BaseModel]:
    if not running(state, "proposals") or (actor == state.king and variant(state, "proposers") == "courtiers"):
        return []
    if running(state, "letter_limits") and proposals.letters_sent(state, actor) >= param(state, "letters"):
        return []
    seq = state.proposal_seq + 1
    titles = {r.title.casefold() for r in state.rules}
    title = next(f"Law {seq + i}" for i in range(100) if f"law {seq + i}" not in titles)
    rules = ordered(state)
    target = rules[seq % len(rules)]
    protector = None
    if running(state, "protectors"):
        mine = [g for g in state.gladiators if g.owner == actor and gladiators.usable(state, g)]
        protector = mine[0].name if mine else None
    enact = a.ProposalSpec(kind="enact", title=title, text="The players shall be courteous.", protector=protector)
    out: list[BaseModel] = [
        a.Propose(proposals=[enact]),
        a.Propose(proposals=[a.ProposalSpec(kind="amend", rule=target.number, text="Amended text.")]),
    ]
    room = not running(state, "letter_limits") or param(state, "proposals_per_letter") >= 2
    unread = [x for x in state.letters if x.author == actor and x.giornata == state.giornata
              and len(x.proposals) == 1
              and not any(v != actor for p in proposals.pending(state) if p.letter == x.id for v in p.ballots)]
    if unread and room:  # a letter nobody answered yet takes one more proposal
        out.append(a.Propose(letter=unread[-1].id, proposals=[a.ProposalSpec(kind="amend", rule=target.number,
                                                                           text="Amended again.")]))
    change = _change(state, target, seq)
    if change is not None:
        out.append(a.Propose(proposals=[a.ProposalSpec(kind="amend", rule=target.number, text="Amended text.",
                                                       change=change)]))
    if not running(state, "letter_limits") or param(state, "proposals_per_letter") >= 2:
        laws = [r for r in rules if r.id.startswith("p")] or rules  # a new law first, the rulebook's last
        out.append(a.Propose(proposals=[enact, a.ProposalSpec(kind="repeal", rule=laws[-1].number)]))
    return out


def _change(state: NomicState, rule: Rule, seq: int) -> a.ChangeSpec | None:
    """A change within the amended rule's declared knobs: the next option, or the number one up."""
    # not the succession: the random games end when nobody proposes, as rule 7 has it
    for name in [k.name for m in rule.mechanics for k in knobs_of(m) if k.name != "succession"]:
        knob = knobs()[name]
        if knob.options:
            return a.ChangeSpec(set={name: knob.options[seq % len(knob.options)]})
        v = param(state, name) + 1
        if knob.max is not None and v <= knob.max and name not in ("deposit_min", "deposit_max"):
            return a.ChangeSpec(set={name: v})
    return None


def _votes(state: NomicState, actor: str) -> list[BaseModel]:
    if not running(state, "voting") or not voting.may_vote(state, actor):
        return []
    out: list[BaseModel] = []
    pend = proposals.pending(state)
    letters = sorted({p.letter for p in pend if p.author != actor})
    polls = running(state, "polls")
    mine = [g for g in state.gladiators if g.owner == actor and gladiators.usable(state, g)]
    for letter in letters[:3]:
        props = [p for p in pend if p.letter == letter]
        locked = any(p.ballots.get(actor) and p.ballots[actor].bribed for p in props)
        out.append(a.CastVote(letter=letter, items=[
            a.VoteItem(proposal=p.id, choice="for", rating=8 if polls else None) for p in props]))
        if locked:
            continue
        out.append(a.CastVote(letter=letter, items=[a.VoteItem(proposal=p.id, choice="abstain",
                                                               rating=3 if polls else None) for p in props]))
        items = []
        for p in props:
            champion = None
            protected = p.protector is not None and running(state, "protectors")
            if protected:
                prot = next((g for g in state.gladiators if g.id == p.protector), None)
                champion = next((g.name for g in mine if prot and gladiators.beats(state, g.magic, prot.magic)), None)
            crown = protected and champion is None and actor == state.king and running(state, "crown") \
                and ledger.crown_available(state) >= param(state, "protector_penalty")
            items.append(a.VoteItem(proposal=p.id, choice="against", champion=champion, crown_pays=crown))
        out.append(a.CastVote(letter=letter, items=items))
    return out


def _quarantine(state: NomicState, actor: str) -> list[BaseModel]:
    if actor in state.surrendered:
        return []
    owned = [g for g in state.gladiators if g.owner == actor]
    out: list[BaseModel] = []
    if owned and actor not in state.sale_route:
        out.append(a.Surrender())
    each = param(state, "quarantine_compensation")
    short = state.treasure.get(actor, 0) + ledger.pending_of(state, actor) + each * len(owned) < 0
    buyers = [p for p in _others(state, actor) if p not in state.quarantined]
    if owned and buyers and (short or actor in state.sale_route):
        offered = {o.gladiator for o in state.offers}
        g = next((g for g in owned if g.id not in offered), None)
        if g:
            out.append(a.OfferGladiator(gladiator=g.name, to=buyers[0], price=each + 50))
    return out


def _scribe(state: NomicState, actor: str) -> list[BaseModel]:
    rules = ordered(state)
    out: list[BaseModel] = []
    if rules:
        r, checked = rules[state.giornata % len(rules)], " (text checked by the Scribe)"
        out.append(a.RuleText(rule=r.number, text=texts(r)[1][:a.MAX_TEXT * 4 - len(checked)] + checked))
    out.append(a.ImportRules(rules=[a.ImportedRule(number=rules[0].number if rules else 1,
                                                   title=rules[0].title if rules else "Rules",
                                                   text="The group's own text.")]))
    together = [r.number for r in state.rules if r.id in state.last_approved]
    if 2 <= len(together) <= a.MAX_REORDER and not state.reordered:
        out.append(a.Reorder(numbers=sorted(together, reverse=True)))
    for name, knob in knobs().items():
        rule = governor(state, name)
        if rule is None or not any(e.kind in ("enacted", "amended") for e in rule.history) or knob.options:
            continue
        value = param(state, name) + 1
        if knob.max is not None and value <= knob.max \
                and not (name == "deposit_min" and value > param(state, "deposit_max")):
            out.append(a.SetParam(name=name, value=value, rule=rule.number))
            break
    others = _others(state, actor)
    target = others[0] if others else actor
    # a fine that sends the player below zero (quarantine), within one correction's bound
    fine = min(max(state.treasure.get(target, 0), 0) + 1000, a.MAX_AMOUNT)
    out += [a.Adjust(player=target, amount=100, reason="correction"),
            a.Adjust(player=target, amount=-fine, reason="correction")]
    enacted = [r for r in rules if r.id.startswith("p")]
    if enacted:
        out.append(a.Strike(rule=enacted[-1].number, reason="Enacted by mistake."))
    last = chronicle.read(state.chronicle[-1]).proposals if state.chronicle else []
    failed = next((p for p in last if p.outcome in ("rejected", "vetoed")), None)
    if failed is not None:
        out.append(a.Override(proposal=failed.id, passed=True, reason="Miscounted."))
    for held in state.held:
        out.append(a.Release(proposal=held.id, apply=False, reason="The game must go on."))
    if running(state, "joining") and len(state.players) + len(state.applicants) < 8:
        uid = str(900000 + len(state.players) + len(state.applicants))
        if state.player(uid) is None and uid not in state.applicants:
            out.append(a.Admit(user=uid, name=f"Newcomer {uid}"))
    if others:
        out.append(a.HandScribe(to=others[0]))
    active = next((d for d in state.decrees if d.active), None)
    if active and rules:
        out.append(a.RetireDecree(decree=active.id, rule=rules[-1].number))
    return out
