"""The slash-command cogs: what every game shares at this level (`/game`, `/mod`, `/notify` and
`/away`), and one package per game (`<game>/commands.py` is the extension the bot loads)."""
