"""Imperium Galactica pictures: the galaxy at chat size (the board), the full map on request (with its
busiest part drawn larger), a planet's board, a faction's stock, a battle's odds and the designers' lab
chart. Importing the package registers every renderer."""

from render.galactica.full import render_galaxy_full, render_galaxy_zoom, render_planet, render_stock
from render.galactica.galaxy import HEIGHT, LEFT, ORIGIN, SIZE, TOP, WIDTH, render_galaxy
from render.galactica.lab_chart import render_lab
from render.galactica.odds_chart import render_odds
from render.galactica.palette import FACTIONS, TERRAIN, UNEXPLORED, contrast, faction_colour

__all__ = ["FACTIONS", "HEIGHT", "LEFT", "ORIGIN", "SIZE", "TERRAIN", "TOP", "UNEXPLORED", "WIDTH", "contrast",
           "faction_colour", "render_galaxy", "render_galaxy_full", "render_galaxy_zoom", "render_lab", "render_odds",
           "render_planet",
           "render_stock"]
