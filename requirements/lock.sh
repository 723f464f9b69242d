#!/usr/bin/env bash
# Refresh Araldo's locks from pyproject.toml's ranges: the newest releases they allow, with hashes.
# Run .ci/latest first (docs/testing.md): it tries those releases against the suite before they land.
#   bash requirements/lock.sh
set -euo pipefail
cd "$(dirname "$0")/.."
UV_VERSION=0.13.9  # the resolver is pinned too, so the same ranges lock the same way on every machine
command -v uv >/dev/null 2>&1 && [ "$(uv --version | cut -d' ' -f2)" = "$UV_VERSION" ] || python3 -m pip install --quiet "uv==$UV_VERSION"
common=(--universal --python-version 3.11 --generate-hashes --no-header --quiet)
# the tests' lock first, then the running one held to the same versions: what runs is what was tested
python3 -m uv pip compile "${common[@]}" pyproject.toml requirements/build.in --extra test --extra postgres -o requirements/test.txt
python3 -m uv pip compile "${common[@]}" pyproject.toml requirements/build.in --extra postgres -c requirements/test.txt -o requirements/run.txt
echo "locks written: requirements/run.txt, requirements/test.txt"
