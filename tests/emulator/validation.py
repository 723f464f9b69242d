"""Discord's own input validation, reproduced with Discord's error shape (50035 Invalid Form Body)."""

from __future__ import annotations

import re
from typing import Any

VALID_LOCALES = frozenset(
    [
        "id",
        "da",
        "de",
        "en-GB",
        "en-US",
        "es-ES",
        "es-419",
        "fr",
        "hr",
        "it",
        "lt",
        "hu",
        "nl",
        "no",
        "pl",
        "pt-BR",
        "ro",
        "fi",
        "sv-SE",
        "vi",
        "tr",
        "cs",
        "el",
        "bg",
        "ru",
        "uk",
        "hi",
        "th",
        "zh-CN",
        "ja",
        "zh-TW",
        "ko",
    ]
)
COMMAND_NAME_RE = re.compile(r"^[-_\w]{1,32}$")
MAX_GLOBAL_COMMANDS = 100


class FormErrors:
    """Collects field errors into Discord's nested {"a": {"0": {"b": {"_errors": [...]}}}} tree."""

    def __init__(self) -> None:
        self.tree: dict[str, Any] = {}

    def add(self, path: tuple[str | int, ...], code: str, message: str) -> None:
        node = self.tree
        for key in path:
            node = node.setdefault(str(key), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def max_length(self, path: tuple[str | int, ...], value: Any, limit: int) -> None:
        if value is not None and len(value) > limit:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")

    def bad_length(self, path: tuple[str | int, ...], value: Any, low: int, high: int) -> None:
        if value is None:
            self.add(path, "BASE_TYPE_REQUIRED", "This field is required")
        elif not low <= len(value) <= high:
            self.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")

    def __bool__(self) -> bool:
        return bool(self.tree)

    def body(self) -> dict[str, Any]:
        return {"code": 50035, "message": "Invalid Form Body", "errors": self.tree}


# --------------------------------------------------------------------------- application commands


def _localizations(errs: FormErrors, path: tuple[str | int, ...], value: Any, low: int, high: int) -> None:
    if not value:
        return
    for locale, text in value.items():
        if locale not in VALID_LOCALES:
            errs.add((*path, locale), "ENUM_TYPE_COERCE", f'Value "{locale}" is not a valid enum value.')
        else:
            errs.bad_length((*path, locale), text, low, high)


def _name(errs: FormErrors, path: tuple[str | int, ...], name: Any, chat_input: bool) -> None:
    if not isinstance(name, str):
        errs.add((*path, "name"), "BASE_TYPE_REQUIRED", "This field is required")
        return
    if chat_input and (not COMMAND_NAME_RE.match(name) or name != name.lower()):
        errs.add((*path, "name"), "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
    else:
        errs.bad_length((*path, "name"), name, 1, 32)


def _check_names(errs: FormErrors, path: tuple[str | int, ...], names: list[Any], chat_input: bool) -> None:
    for loc in names:
        if loc and chat_input:
            for locale, text in loc.items():
                if isinstance(text, str) and (not COMMAND_NAME_RE.match(text) or text != text.lower()):
                    errs.add(
                        (*path, "name_localizations", locale),
                        "APPLICATION_COMMAND_INVALID_NAME",
                        "Command name is invalid",
                    )


def _options(errs: FormErrors, path: tuple[str | int, ...], options: list[dict[str, Any]] | None) -> None:
    if not options:
        return
    errs.max_length(path, options, 25)
    seen: set[str] = set()
    optional_seen = False
    for i, opt in enumerate(options):
        opath = (*path, i)
        _name(errs, opath, opt.get("name"), True)
        _localizations(errs, (*opath, "name_localizations"), opt.get("name_localizations"), 1, 32)
        _check_names(errs, opath, [opt.get("name_localizations")], True)
        errs.bad_length((*opath, "description"), opt.get("description"), 1, 100)
        _localizations(
            errs, (*opath, "description_localizations"), opt.get("description_localizations"), 1, 100
        )
        if opt.get("name") in seen:
            errs.add(
                (*opath, "name"), "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS", "Duplicate option name"
            )
        seen.add(opt.get("name", ""))
        otype = opt.get("type")
        if otype in (1, 2):
            _options(errs, (*opath, "options"), opt.get("options"))
            continue
        if opt.get("required"):
            if optional_seen:
                errs.add(
                    (*opath, "required"),
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                )
        else:
            optional_seen = True
        choices = opt.get("choices")
        if choices:
            errs.max_length((*opath, "choices"), choices, 25)
            for j, choice in enumerate(choices):
                cpath = (*opath, "choices", j)
                errs.bad_length((*cpath, "name"), choice.get("name"), 1, 100)
                _localizations(errs, (*cpath, "name_localizations"), choice.get("name_localizations"), 1, 100)
                if isinstance(choice.get("value"), str):
                    errs.bad_length((*cpath, "value"), choice["value"], 1, 100)
            if opt.get("autocomplete"):
                errs.add(
                    (*opath, "autocomplete"),
                    "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_AND_CHOICES",
                    "Autocomplete cannot be set if choices are present",
                )


def validate_commands(commands: Any, *, global_scope: bool) -> FormErrors:
    errs = FormErrors()
    if not isinstance(commands, list):
        errs.add((), "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType")
        return errs
    if global_scope and len(commands) > MAX_GLOBAL_COMMANDS:
        errs.add((), "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_GLOBAL_COMMANDS} or fewer in length.")
    seen: set[tuple[int, str]] = set()
    for i, cmd in enumerate(commands):
        ctype = int(cmd.get("type", 1))
        chat_input = ctype == 1
        _name(errs, (i,), cmd.get("name"), chat_input)
        _localizations(errs, (i, "name_localizations"), cmd.get("name_localizations"), 1, 32)
        _check_names(errs, (i,), [cmd.get("name_localizations")], chat_input)
        if chat_input:
            errs.bad_length((i, "description"), cmd.get("description"), 1, 100)
            _localizations(
                errs, (i, "description_localizations"), cmd.get("description_localizations"), 1, 100
            )
            _options(errs, (i, "options"), cmd.get("options"))
        key = (ctype, str(cmd.get("name")))
        if key in seen:
            errs.add(
                (i, "name"), "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique"
            )
        seen.add(key)
    return errs


# --------------------------------------------------------------------------- messages

EMBED_LIMITS = {"title": 256, "description": 4096}


def _embed_size(embed: dict[str, Any]) -> int:
    total = len(embed.get("title") or "") + len(embed.get("description") or "")
    total += len((embed.get("footer") or {}).get("text") or "")
    total += len((embed.get("author") or {}).get("name") or "")
    for fld in embed.get("fields") or []:
        total += len(fld.get("name") or "") + len(fld.get("value") or "")
    return total


def _embeds(errs: FormErrors, embeds: list[dict[str, Any]]) -> None:
    errs.max_length(("embeds",), embeds, 10)
    total = 0
    for i, embed in enumerate(embeds):
        path: tuple[str | int, ...] = ("embeds", i)
        for key, limit in EMBED_LIMITS.items():
            errs.max_length((*path, key), embed.get(key), limit)
        fields = embed.get("fields") or []
        errs.max_length((*path, "fields"), fields, 25)
        for j, fld in enumerate(fields):
            errs.bad_length((*path, "fields", j, "name"), fld.get("name"), 1, 256)
            errs.bad_length((*path, "fields", j, "value"), fld.get("value"), 1, 1024)
        if embed.get("footer"):
            errs.max_length((*path, "footer", "text"), embed["footer"].get("text"), 2048)
        if embed.get("author"):
            errs.max_length((*path, "author", "name"), embed["author"].get("name"), 256)
        total += _embed_size(embed)
    if total > 6000:
        errs.add(("embeds",), "BASE_TYPE_MAX_LENGTH", "Embed size exceeds maximum size of 6000")


def _components(errs: FormErrors, components: list[dict[str, Any]], v2: bool) -> None:
    if not v2:
        errs.max_length(("components",), components, 5)
    for i, comp in enumerate(components):
        _component(errs, ("components", i), comp, top=not v2)


def _component(errs: FormErrors, path: tuple[str | int, ...], comp: dict[str, Any], top: bool) -> None:
    ctype = comp.get("type")
    if top and ctype != 1:
        errs.add(
            (*path, "type"), "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "Top-level components must be action rows"
        )
    if "custom_id" in comp:
        errs.bad_length((*path, "custom_id"), comp.get("custom_id"), 1, 100)
    if ctype == 1:
        children = comp.get("components") or []
        buttons = [c for c in children if c.get("type") == 2]
        if len(children) > 5 or (len(children) > 1 and len(buttons) != len(children)):
            errs.add(
                (*path, "components"),
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "The specified component exceeds the maximum width",
            )
    elif ctype == 2:
        errs.max_length((*path, "label"), comp.get("label"), 80)
        if comp.get("style") != 5 and comp.get("style") != 6 and not comp.get("custom_id"):
            errs.add((*path, "custom_id"), "BASE_TYPE_REQUIRED", "This field is required")
    elif ctype == 3:
        errs.max_length((*path, "options"), comp.get("options") or [], 25)
    elif ctype == 4:
        errs.bad_length((*path, "label"), comp.get("label"), 1, 45) if "label" in comp else None
    for key in ("components",):
        for j, child in enumerate(comp.get(key) or []):
            _component(errs, (*path, key, j), child, top=False)
    if isinstance(comp.get("accessory"), dict):
        _component(errs, (*path, "accessory"), comp["accessory"], top=False)
    if isinstance(comp.get("component"), dict):
        _component(errs, (*path, "component"), comp["component"], top=False)


def validate_message(payload: dict[str, Any], *, has_files: bool, partial: bool = False) -> FormErrors:
    """Validate a message create/edit body. `partial` is for PATCH, where absent fields keep old values."""
    errs = FormErrors()
    content = payload.get("content")
    errs.max_length(("content",), content, 2000)
    embeds = payload.get("embeds") or []
    _embeds(errs, embeds)
    flags = int(payload.get("flags") or 0)
    _components(errs, payload.get("components") or [], v2=bool(flags & (1 << 15)))
    return errs


def is_empty_message(payload: dict[str, Any], has_files: bool) -> bool:
    return not (
        payload.get("content")
        or payload.get("embeds")
        or payload.get("components")
        or payload.get("sticker_ids")
        or payload.get("poll")
        or has_files
    )


def validate_modal(payload: dict[str, Any]) -> FormErrors:
    errs = FormErrors()
    errs.bad_length(("title",), payload.get("title"), 1, 45)
    errs.bad_length(("custom_id",), payload.get("custom_id"), 1, 100)
    comps = payload.get("components") or []
    errs.bad_length(("components",), comps, 1, 5)
    for i, comp in enumerate(comps):
        _component(errs, ("components", i), comp, top=False)
    return errs


def validate_choices(payload: dict[str, Any]) -> FormErrors:
    errs = FormErrors()
    choices = payload.get("choices") or []
    errs.max_length(("choices",), choices, 25)
    for j, choice in enumerate(choices):
        errs.bad_length(("choices", j, "name"), choice.get("name"), 1, 100)
        if isinstance(choice.get("value"), str):
            errs.max_length(("choices", j, "value"), choice["value"], 100)
    return errs
