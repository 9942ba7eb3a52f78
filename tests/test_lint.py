"""Types and lint are part of the suite: a type error or a lint finding fails it.

Both tools read their settings from pyproject.toml (``[tool.mypy]``: strict, files = engine;
``[tool.ruff]``), so running them by hand gives the same answer as this test:

    .venv/bin/python -m mypy
    .venv/bin/python -m ruff check engine tests bench tools e2e

A tool that is not installed skips its test and says so (both are in requirements-dev.txt,
which scripts/test.sh installs); any other failure of the tool fails the test.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = ROOT / "pyproject.toml"
LINTED = ("engine", "tests", "bench", "tools", "e2e")


def _run(module: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run ``python -m <module> <args>`` from the repository root, or skip if it is missing."""
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is not installed (pip install -r requirements-dev.txt)")
    return subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=600, check=False)


def test_mypy_strict_finds_no_error_in_the_engine() -> None:
    done = _run("mypy", "--config-file", str(PYPROJECT))
    assert done.returncode == 0, f"mypy --strict engine found errors:\n{done.stdout}{done.stderr}"
    assert "Success: no issues found" in done.stdout, done.stdout + done.stderr


def test_ruff_finds_nothing_in_the_python_code() -> None:
    done = _run("ruff", "check", "--no-fix", "--output-format", "concise", "--config", str(PYPROJECT), *LINTED)
    assert done.returncode == 0, f"ruff check {' '.join(LINTED)} found problems:\n{done.stdout}{done.stderr}"
    assert "All checks passed!" in done.stdout, done.stdout + done.stderr


def test_the_engine_ships_its_type_marker() -> None:
    """PEP 561: ``engine/py.typed`` tells a type checker that the installed engine is typed."""
    assert (ROOT / "engine" / "py.typed").is_file()
    with PYPROJECT.open("rb") as f:
        package_data = tomllib.load(f)["tool"]["setuptools"]["package-data"]
    assert "py.typed" in package_data.get("engine", []), "the wheel must carry engine/py.typed"
