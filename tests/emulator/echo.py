"""What Discord adds to a message it stores before echoing it back: a numeric id on every component,
emoji written the way Discord writes them, and the mentions it parses from the content under the
request's `allowed_mentions`."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .httputil import DiscordError

PERM_MENTION_EVERYONE = 1 << 17

USER_MENTION = re.compile(r"<@!?(\d{15,21})>")
ROLE_MENTION = re.compile(r"<@&(\d{15,21})>")
EVERYONE_MENTION = re.compile(r"@(?:everyone|here)\b")


def _children(comp: dict[str, Any]) -> list[dict[str, Any]]:
    kids = list(comp.get("components") or [])
    for key in ("accessory", "component"):  # v2 section accessory, label's single component
        if isinstance(comp.get(key), dict):
            kids.append(comp[key])
    return kids


def _walk(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for comp in components:
        out.append(comp)
        out.extend(_walk(_children(comp)))
    return out


def _emoji(emoji: Any) -> Any:
    # a unicode emoji has no id: Discord answers {"name": "🎲"}, never {"id": null, ...}
    if isinstance(emoji, dict) and emoji.get("id") is None:
        return {"name": emoji.get("name")}
    return emoji


def numbered_components(components: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    """The components as Discord stores them: every one gets a numeric `id` (the request's own, else the
    next free number in depth-first order, from 1), and unicode emoji lose their null id."""
    result = copy.deepcopy(list(components or []))
    flat = _walk(result)
    used = {c["id"] for c in flat if isinstance(c.get("id"), int)}
    counter = 0
    for comp in flat:
        if not isinstance(comp.get("id"), int):
            counter += 1
            while counter in used:
                counter += 1
            comp["id"] = counter
        if "emoji" in comp:
            comp["emoji"] = _emoji(comp["emoji"])
        for option in comp.get("options") or []:
            if "emoji" in option:
                option["emoji"] = _emoji(option["emoji"])
    return result


def check_allowed_mentions(allowed: Any) -> None:
    """Discord refuses `parse` naming "users" (or "roles") together with an explicit list of them."""
    if not isinstance(allowed, dict):
        return
    parse = allowed.get("parse") or []
    for kind in ("users", "roles"):
        if kind in parse and allowed.get(kind):
            msg = f'parse:["{kind}"] and {kind}: [ids...] are mutually exclusive.'
            raise DiscordError(400, 50035, "Invalid Form Body",
                               {"allowed_mentions": {"_errors": [{"code": "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                                                                  "message": msg}]}})


@dataclass
class Mentions:
    users: list[str] = field(default_factory=list)  # ids, in the order the content names them
    roles: list[str] = field(default_factory=list)
    everyone: bool = False


def parse_mentions(
    content: str,
    allowed: dict[str, Any] | None,
    *,
    user_exists: Callable[[str], bool],
    role_ids: set[str],
    may_mention_everyone: bool,
) -> Mentions:
    """The pings Discord computes for `content`: without `allowed_mentions` everything written pings;
    with it, users and roles ping only when `parse` names their kind or their id is listed, and
    @everyone/@here only when `parse` has "everyone" (and the author may mention everyone)."""
    parse = set(allowed.get("parse") or []) if allowed is not None else {"users", "roles", "everyone"}
    listed_users = set(map(str, (allowed or {}).get("users") or []))
    listed_roles = set(map(str, (allowed or {}).get("roles") or []))
    found = Mentions()
    for uid in USER_MENTION.findall(content):
        if uid not in found.users and user_exists(uid) and ("users" in parse or uid in listed_users):
            found.users.append(uid)
    for rid in ROLE_MENTION.findall(content):
        if rid not in found.roles and rid in role_ids and ("roles" in parse or rid in listed_roles):
            found.roles.append(rid)
    found.everyone = bool(EVERYONE_MENTION.search(content)) and "everyone" in parse and may_mention_everyone
    return found
