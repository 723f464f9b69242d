"""How long a test waits for the bot (its start, its command sync, an interaction's answer) before it
calls it stuck. Generous on purpose: CI runs four workers on two cores, and on a loaded machine a bot's
start with its board processes took over 10 s; a passing test never waits it out, only a stuck one does."""

WAIT = 60.0
