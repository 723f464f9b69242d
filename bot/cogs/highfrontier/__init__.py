"""High Frontier Module 5 on Discord: its slash commands (`commands.py`, the extension the bot loads), panels,
texts and pictures, and its catalogs (`locales/`)."""
