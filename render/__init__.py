"""Pillow renderers: each turns a game *view* (never the raw state) into an image."""
