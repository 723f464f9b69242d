"""Static game data (maps, decks, tables) as TOML/JSON, read by the engines."""
