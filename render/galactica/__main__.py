"""`python -m render.galactica REPORT.json OUT.png`: the designers' lab chart of a saved report."""

import sys

from render.galactica.lab_chart import main

raise SystemExit(main(sys.argv[1:]))
