"""The emulator reads multipart bodies by splitting them: what it reads must be what aiohttp (and so
discord.py, which builds its uploads with aiohttp's FormData) wrote."""

from __future__ import annotations

import json

import aiohttp
import pytest

from tests.emulator.multipart import BadBody, form_parts, header_params, media_type


async def written(form: aiohttp.FormData) -> tuple[str, bytes]:
    payload = form()
    return payload.content_type, await payload.as_bytes()


async def test_parts_read_back_as_discord_py_writes_them() -> None:
    form = aiohttp.FormData(quote_fields=False)  # as discord.py builds its uploads: values escaped, not encoded
    form.add_field("payload_json", json.dumps({"content": "Turno di Anna"}), content_type="application/json")
    board = bytes(range(256)) * 40 + b"\r\n--\r\n\r\n"  # binary, with CRLFs and dashes of its own
    form.add_field("files[0]", board, filename="corsa-1-v2-board.png", content_type="image/png")
    form.add_field("files[1]", b"", filename='città "nuova" \\ 1.txt')
    kind, params = media_type((await written(form))[0])
    parts = form_parts((await written(form))[1], params["boundary"])

    assert kind == "multipart/form-data"
    assert [(p.name, p.filename, p.content_type) for p in parts] == [
        ("payload_json", None, "application/json"),
        ("files[0]", "corsa-1-v2-board.png", "image/png"),
        ("files[1]", 'città "nuova" \\ 1.txt', "application/octet-stream")]
    assert json.loads(parts[0].data) == {"content": "Turno di Anna"}
    assert parts[1].data == board and parts[2].data == b""


def test_header_parameters_quoted_plain_and_encoded() -> None:
    assert media_type('Multipart/Form-Data; boundary="a b"; charset=utf-8') == (
        "multipart/form-data", {"boundary": "a b", "charset": "utf-8"})
    assert header_params(' name="x\\"y"; filename*=utf-8\'\'citt%C3%A0.png') == {"name": 'x"y', "filename": "città.png"}


@pytest.mark.parametrize("body", [b"--b\r\nno blank line\r\n--b--\r\n", b"--b\r\nA: 1\r\n\r\ndata\r\n"])
def test_a_broken_body_is_refused(body: bytes) -> None:
    with pytest.raises(BadBody):
        form_parts(body, "b")
    with pytest.raises(BadBody):
        form_parts(b"", "")
