"""The install a newcomer gets is the install that was tested: the README and CI install the locks,
the locks pin every dependency pyproject.toml names (within its ranges) with hashes, the running lock
agrees with the tests' one, and this run's packages are the locked ones (except under the canary,
.ci/latest, which tries the newest releases on purpose)."""

from __future__ import annotations

import os
import re
import tomllib
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]
PIN = re.compile(r"^([A-Za-z0-9_.-]+)==([^\s;]+)(?:\s*;\s*([^\\]+?))?\s*\\$", re.M)


def norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins(lock: str) -> dict[str, tuple[str, str | None]]:
    text = (ROOT / "requirements" / lock).read_text()
    return {norm(name): (ver, marker) for name, ver, marker in PIN.findall(text)}


def declared() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    reqs = [*project["dependencies"], *project["optional-dependencies"]["test"],
            *project["optional-dependencies"]["postgres"]]
    return [Requirement(r) for r in reqs]


def test_readme_and_ci_install_the_locks_by_their_hashes() -> None:
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text()
    assert "pip install --require-hashes -r requirements/run.txt" in readme
    assert "pip install --require-hashes -r requirements/test.txt" in readme
    assert "--require-hashes -r requirements/test.txt" in ci
    assert '-e ".[test]"' not in ci and "pip install -e ." not in readme.replace("--no-build-isolation -e .", "")


def test_every_pin_has_hashes_and_every_declared_dependency_is_pinned_within_its_range() -> None:
    for lock in ("run.txt", "test.txt"):
        text = (ROOT / "requirements" / lock).read_text()
        blocks = re.split(r"\n(?=[A-Za-z0-9_.-]+==)", text.strip())
        assert blocks and all("--hash=sha256:" in b for b in blocks if "==" in b), lock
    locked = pins("test.txt")
    for req in declared():
        name = norm(req.name)
        if req.marker is not None and not req.marker.evaluate({"sys_platform": "linux"}):
            continue
        assert name in locked, f"{req.name} is not in requirements/test.txt: run bash requirements/lock.sh"
        assert req.specifier.contains(locked[name][0], prereleases=True), (req, locked[name])


def test_the_running_lock_holds_the_tested_versions() -> None:
    run, tested = pins("run.txt"), pins("test.txt")
    assert {"discord-py", "babel", "sqlalchemy", "pillow", "apscheduler"} <= set(run)
    differ = {n: (v, tested.get(n, ("-",))[0]) for n, (v, _) in run.items() if tested.get(n, ("",))[0] != v}
    assert differ == {}


@pytest.mark.skipif(bool(os.environ.get("ARALDO_CANARY")), reason="the canary runs the newest releases on purpose")
def test_this_run_uses_the_locked_versions() -> None:
    if not os.environ.get("CI"):
        pytest.skip("a developer's venv may be older or newer; CI installs the lock")
    wrong = {}
    for name, (ver, marker) in pins("test.txt").items():
        if marker and not Requirement(f"x; {marker}").marker.evaluate():  # type: ignore[union-attr]
            continue
        try:
            have = version(name)
        except PackageNotFoundError:
            wrong[name] = (ver, None)
            continue
        if have != ver:
            wrong[name] = (ver, have)
    assert wrong == {}
