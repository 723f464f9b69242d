"""Holding the emulator to Discord's own OpenAPI description: every recorded exchange (the bot's request
body, the emulator's answer) is validated against the operation's JSON Schemas, less a short list of the
description's known quirks.

The description is Discord's (MIT), kept outside the project: `<repo>/../shared/discord-api-spec/`.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SPEC_PATH = Path(__file__).resolve().parents[2].parent / "shared" / "discord-api-spec" / "openapi.json"
BASE_URI = "urn:discord-openapi"
# a file the test processes share (tests/conftest.py names it): the shapes one of them found valid, a
# line each, so the parallel workers validate each shape once between them, not once each
SHARED_VALID = "ARALDO_FIDELITY_VALID"


@dataclass(frozen=True)
class Quirk:
    """A place where the description disagrees with what Discord and discord.py really do on the wire."""

    pointer: str  # JSON pointer into the description, to the schema that is widened
    accept: dict[str, Any]  # a schema also accepted there
    why: str


# The description's known quirks. Each widens one schema; nothing else is excused.
QUIRKS: tuple[Quirk, ...] = (
    # discord.py sends the new attachments' upload indices as integers ({"id": 0}); the description
    # types every attachment id as a snowflake string, though Discord accepts the integer index.
    Quirk("/components/schemas/MessageAttachmentRequest/properties/id", {"type": "integer", "minimum": 0},
          "attachment upload index sent as an integer"),
    # Discord's 429 body is {"message", "retry_after", "global"} (its rate-limit documentation); the
    # description builds it on the generic error, which requires a "code" the 429 does not carry.
    Quirk("/components/schemas/RatelimitedResponse/allOf/0", {"type": "object", "required": ["message"]},
          "a 429 body has no code"),
    # a field's errors carry Discord's string codes ("BASE_TYPE_BAD_LENGTH"); the description reuses the
    # top-level error there, whose code is an integer.
    Quirk("/components/schemas/InnerErrors/properties/_errors/items",
          {"type": "object", "required": ["code", "message"],
           "properties": {"code": {"type": "string"}, "message": {"type": "string"}}},
          "field error codes are strings"),
    # discord.py sends the DM recipient's id as an integer; Discord reads any snowflake-like number.
    Quirk("/components/schemas/CreatePrivateChannelRequest/properties/recipient_id", {"type": "integer"},
          "DM recipient id sent as an integer"),
    # discord.py sends the users an allowed_mentions may ping as integer ids (AllowedMentions.to_dict);
    # Discord reads them as snowflakes all the same.
    Quirk("/components/schemas/MessageAllowedMentionsRequest/properties/users/items", {"type": "integer", "minimum": 0},
          "allowed_mentions user ids sent as integers"),
)


def spec_available() -> bool:
    return SPEC_PATH.is_file()


@functools.cache
def load_checker() -> Fidelity:
    """The checker for the description at SPEC_PATH (read once per process)."""
    return Fidelity(json.loads(SPEC_PATH.read_text()))


def _string_facts(spec: Any) -> tuple[frozenset[str], tuple[int, ...]]:
    """The description's enum and const strings, and the lengths at which a string's validity can change
    (each maxLength, and one less than each minLength), ascending."""
    enums: set[str] = set()
    marks: set[int] = set()
    stack = [spec]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for value in (*node.get("enum", ()), node.get("const")):
                if isinstance(value, str):
                    enums.add(value)
            if isinstance(node.get("maxLength"), int):
                marks.add(node["maxLength"])
            if isinstance(node.get("minLength"), int):
                marks.add(max(node["minLength"] - 1, 0))
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return frozenset(enums), tuple(sorted(marks))


def _escape(part: str) -> str:
    return part.replace("~", "~0").replace("/", "~1")


def _pointer(*parts: str) -> str:
    return "/" + "/".join(_escape(p) for p in parts)


def _walk(doc: Any, pointer: str) -> Any:
    node = doc
    for part in pointer.lstrip("/").split("/"):
        key = part.replace("~1", "/").replace("~0", "~")
        node = node[int(key)] if isinstance(node, list) else node[key]
    return node


@dataclass
class Mismatch:
    method: str
    path: str  # the description's path template
    status: int
    where: str  # "request" or "response"
    at: str  # where in the body
    message: str

    def __str__(self) -> str:
        return f"{self.method} {self.path} -> {self.status} {self.where} at /{self.at}: {self.message}"


class Fidelity:
    """Matches a recorded exchange to the description's operation and validates its bodies."""

    def __init__(self, spec: dict[str, Any]) -> None:
        from referencing import Registry
        from referencing.jsonschema import DRAFT202012

        for quirk in QUIRKS:
            node = _walk(spec, quirk.pointer)
            original = dict(node)
            node.clear()
            node["anyOf"] = [original, quirk.accept]
        self.spec = spec
        self.registry: Any = Registry().with_resource(BASE_URI, DRAFT202012.create_resource(spec))
        self._validators: dict[str, Any] = {}
        # validating against the description costs ~0.1 s an exchange (its unions build thousands of
        # errors): an instance whose shape was already found valid is not validated again
        self._valid: set[str] = set()
        self._shared = os.environ.get(SHARED_VALID)
        self._shared_read = 0  # bytes of the shared file already read
        self._enum_strings, self._length_marks = _string_facts(spec)
        routes = []
        for template in spec["paths"]:
            pattern = re.sub(r"\\\{\w+\\\}", r"[^/]+", re.escape(template))
            literal = sum(1 for seg in template.split("/") if seg and not seg.startswith("{"))
            routes.append((literal, template, re.compile(f"^{pattern}/?$")))
        # a literal segment wins over a parameter (/users/@me before /users/{user_id})
        self.routes = [(t, p) for _, t, p in sorted(routes, key=lambda r: -r[0])]

    def template(self, path: str) -> str | None:
        return next((t for t, pattern in self.routes if pattern.match(path)), None)

    def _resolve(self, node: dict[str, Any]) -> dict[str, Any]:
        while "$ref" in node:
            node = _walk(self.spec, node["$ref"].removeprefix("#"))
        return node

    def _validator(self, pointer: str) -> Any:
        from jsonschema import Draft202012Validator

        if pointer not in self._validators:
            schema = {"$ref": f"{BASE_URI}#{pointer}"}
            self._validators[pointer] = Draft202012Validator(schema, registry=self.registry)
        return self._validators[pointer]

    def check(self, method: str, path: str, status: int, request: Any, response: Any,
              query: dict[str, str] | None = None, headers: dict[str, str] | None = None) -> list[Mismatch]:
        """What in this exchange breaks the description (an empty list when nothing does). A 5xx is
        outside it: Discord describes no server failure, the emulator answers one only as a fault a
        test asked for."""
        if status >= 500:
            return []
        template = self.template(path)
        if template is None:
            return [Mismatch(method, path, status, "route", "", "no such path in the description")]
        operation = self.spec["paths"][template].get(method.lower())
        if operation is None:
            return [Mismatch(method, template, status, "route", "", "no such method for this path")]
        found = self._query_errors(method, template, status, query or {})
        op_pointer = _pointer("paths", template, method.lower())
        if request is not None and status < 400 and "requestBody" in operation:
            content = self._resolve(operation["requestBody"]).get("content", {})
            if "application/json" in content:
                at = op_pointer + "/requestBody/content/application~1json/schema"
                found += self._errors(at, request, method, template, status, "request")
        responses = operation.get("responses", {})
        key = next((k for k in (str(status), f"{status // 100}XX", "default") if k in responses), None)
        if key is None:
            return [*found, Mismatch(method, template, status, "response", "", "status not in the description")]
        answer = self._resolve(responses[key])
        if headers is not None:
            found += self._header_errors(answer, headers, method, template, status)
        schema = answer.get("content", {}).get("application/json", {}).get("schema")
        if schema is None:
            if response is not None:
                found.append(Mismatch(method, template, status, "response", "", "a body where none is described"))
            return found
        if response is None:
            return [*found, Mismatch(method, template, status, "response", "", "no body where one is described")]
        at = _pointer("paths", template, method.lower(), "responses", key)
        if "$ref" in responses[key]:
            at = responses[key]["$ref"].removeprefix("#")
        found += self._errors(at + "/content/application~1json/schema", response, method, template, status,
                              "response")
        return found

    def _query_errors(self, method: str, template: str, status: int, query: dict[str, str]) -> list[Mismatch]:
        """Each query parameter must be one the operation declares, its value of the declared type."""
        declared: dict[str, str] = {}
        for where in (("paths", template), ("paths", template, method.lower())):
            for i, param in enumerate(_walk(self.spec, _pointer(*where)).get("parameters", [])):
                if self._resolve(param).get("in") == "query":
                    declared[self._resolve(param)["name"]] = _pointer(*where, "parameters", str(i), "schema")
        found = []
        for name, raw in query.items():
            if name not in declared:
                found.append(Mismatch(method, template, status, "query", name, "not a parameter of this operation"))
                continue
            # a query string is text: read it as the boolean (Discord takes true/false and 1/0, and
            # discord.py sends 1/0) or the number it spells, else as text
            readings: list[Any] = [raw]
            if raw.lower() in ("true", "false", "1", "0"):
                readings.append(raw.lower() in ("true", "1"))
            if raw.lstrip("-").isdigit():
                readings.append(int(raw))
            errors = [list(self._validator(declared[name]).iter_errors(v)) for v in readings]
            if all(errors):
                found.append(Mismatch(method, template, status, "query", name, _explain(errors[-1][0]).message[:300]))
        return found

    def _shape(self, value: Any) -> Any:
        """`value` with every string the description cannot tell apart from another made the same: the
        description checks strings only by type, enum/const, its two patterns (a snowflake's digits, a
        colour's #hex) and lengths, so digits keep their length and any other free string keeps only the
        side of each length limit it falls on. Two values of one shape pass or fail alike."""
        if isinstance(value, dict):
            return {k: self._shape(v) for k, v in value.items()}
        if isinstance(value, list):
            return [self._shape(v) for v in value]
        if not isinstance(value, str) or value in self._enum_strings or value.startswith("#"):
            return value
        if value.isdigit() and (value == "0" or not value.startswith("0")):
            return "1" * len(value)
        mark = next((m for m in self._length_marks if m >= len(value)), len(value))
        return "x" * mark

    def _errors(
        self, pointer: str, instance: Any, method: str, template: str, status: int, where: str
    ) -> list[Mismatch]:
        key = hashlib.sha1(f"{pointer}\0{json.dumps(self._shape(instance), sort_keys=True)}".encode()).hexdigest()
        if key in self._valid or key in self._heard():
            return []
        out = []
        for error in self._validator(pointer).iter_errors(instance):
            deepest = _explain(error)
            at = "/".join(str(p) for p in deepest.absolute_path)
            out.append(Mismatch(method, template, status, where, at, deepest.message[:300]))
        if not out:
            self._valid.add(key)
            if self._shared:
                with open(self._shared, "ab") as shared:  # one short append: whole lines, whoever writes
                    shared.write(key.encode() + b"\n")
        return out

    def _heard(self) -> set[str]:
        """The valid shapes, with those the other processes found since the last look."""
        if self._shared:
            try:
                with open(self._shared, "rb") as shared:
                    shared.seek(self._shared_read)
                    data = shared.read()
            except FileNotFoundError:
                return self._valid
            whole = data.rfind(b"\n") + 1  # a line still being written is read next time
            self._valid.update(line.decode() for line in data[:whole].split() if line)
            self._shared_read += whole
        return self._valid

    def _header_errors(
        self, answer: dict[str, Any], headers: dict[str, str], method: str, template: str, status: int
    ) -> list[Mismatch]:
        """The headers the description declares for this answer (the X-RateLimit-* of a bucket): each
        sent with a value of its type, and all of them on a success, as Discord sends them."""
        found = []
        sent = {k.lower(): v for k, v in headers.items()}
        for name, spec in answer.get("headers", {}).items():
            kind = self._resolve(spec).get("schema", {}).get("type")
            value = sent.get(name.lower())
            if value is None:
                if 200 <= status < 300:
                    found.append(Mismatch(method, template, status, "headers", name, "missing"))
                continue
            try:
                {"integer": int, "number": float}.get(kind, str)(value)
            except ValueError:
                found.append(Mismatch(method, template, status, "headers", name, f"{value!r} is not of type {kind!r}"))
        return found

    def check_all(self, records: Iterable[Any]) -> list[Mismatch]:
        """Check recorded exchanges (tests.emulator.httputil.RequestRecord) that have a JSON answer or none."""
        found: list[Mismatch] = []
        for rec in records:
            found += self.check(rec.method, rec.path, rec.status, rec.body, rec.response, rec.query, rec.headers)
        return found


def _explain(error: Any) -> Any:
    """The error that says what is wrong: inside a oneOf/anyOf, the branch meant for the instance (the one
    whose `type` discriminator matches, then the one with fewest errors), followed down to its leaf."""
    while error.context:
        branches: dict[Any, list[Any]] = {}
        for sub in error.context:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)

        def fit(errs: list[Any]) -> tuple[bool, int]:
            wrong_kind = any(list(e.relative_path) == ["type"] or (e.validator == "type" and not e.relative_path)
                             for e in errs)
            return wrong_kind, len(errs)

        errs = min(branches.values(), key=fit)
        error = min(errs, key=lambda e: -len(e.absolute_path))
    return error
