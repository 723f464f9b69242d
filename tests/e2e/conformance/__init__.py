"""The conformance suite's table and checks: one standard of play every registered game is held to
(tests/e2e/test_conformance.py); each game joins it with a demo in `demos/<game>.py`."""
