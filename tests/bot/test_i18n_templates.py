"""The sentences' templates are parsed once and filled piece by piece (bot/i18n.py `_pieces`): every
template of every catalog must read exactly as str.Formatter's own path writes it."""

from __future__ import annotations

import string
from datetime import UTC, datetime

import pytest

from bot import i18n

SAMPLE = {"money": 1234, "num": 50000, "ts": datetime(2026, 1, 2, tzinfo=UTC), "rel": None, "date": None,
          "time": None, "list": ["a", "b"], "mention": "42", "dice": [[6, 5], [4]],
          "msgs": [{"key": "core.done", "params": {}}], "msglines": []}


def params_of(template: str) -> dict[str, object]:
    out: dict[str, object] = {}
    for _literal, field, spec, _conversion in string.Formatter().parse(template):
        if field:
            spec = spec or ""
            out[field] = 3 if spec.startswith("#") else SAMPLE.get(spec, f"<{field}>")
    return out


class _Slow(i18n._Formatter):
    def vformat(self, format_string: str, args: object, kwargs: object) -> str:
        return string.Formatter.vformat(self, format_string, args, kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_template_reads_as_the_formatter_writes_it(lang: str) -> None:
    templates = list(i18n.catalog(lang).values())
    templates += [form for forms in i18n.plurals(lang).values() for form in forms.values()]
    checked = 0
    for template in templates:
        params = params_of(template)
        try:
            slow = _Slow(lang).format(template, **params)
        except (KeyError, IndexError, ValueError, TypeError, AttributeError):
            continue  # a template this sample cannot fill (an attribute of a record, a list of one kind)
        assert i18n._Formatter(lang).format(template, **params) == slow, template
        checked += 1
    assert checked > 1000


def test_a_missing_parameter_is_still_caught() -> None:
    assert i18n.t("core.your_turn", "it") == i18n.catalog("it")["core.your_turn"]
    assert i18n._pieces("{0} and {a.b}") is None  # positional and attribute fields take the long way
    assert i18n._Formatter("it").format("{x!r}", x="y") == "'y'"
