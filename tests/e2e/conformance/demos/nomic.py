"""DecameroNomic: Alice is Queen and Scribe; a gladiator bought and trained, Erin's letter through the modal, Bob and
Erin answer it with the vote panel, the Giornata ends."""

from __future__ import annotations

from typing import Any


async def play(table: Any) -> None:
    await table.open("nomic", "king=Alice scribe=Alice")
    erin, alice, bob = table.users["erin"], table.users["alice"], table.users["bob"]
    await table.slash(bob, "nomic gladiator buy", name="Maximus", magic="12341")
    # the law form asks first what the law changes in the game ("t": words only), then its text
    asked = await table.slash(erin, "nomic propose", kind="enact")
    opened = asked if asked.modal else await table.select(erin, asked, ["t"])
    sent = await table.modal(erin, opened, {"title": "Cortesia", "text": "Si saluta il Re ogni mattina."})
    state = await table.state()
    assert state.letters, [m.content for m in sent.messages]
    letter = state.letters[-1].id
    for user, label in ((erin, "✓ a favore"), (bob, "✗ contro")):
        panel = await table.slash(user, "nomic vote", letter=letter)
        choice = next((b for b in panel.message.button_labels if label in b), None)
        if choice is not None:
            await table.click(user, panel, choice)
        send = next((b for b in panel.message.button_labels if b.startswith("Invia")), None)
        if send is not None:
            await table.click(user, panel, send)
    await table.slash(alice, "nomic treasury")
    await table.slash(erin, "nomic treasury")
    await table.wait_until((await table.state()).deadline("giornata"))
    # Giornata 2: Maximus may go to school; his new magic number stays secret until the next rollover
    await table.slash(bob, "nomic gladiator train", name="Maximus", magic="12345")
