"""`python -m engine replay [--check] RECORD.json` (engine/__main__.py): prints the log and the result
of a valid record, exits 1 with the reason on a bad one. Run as a subprocess with this Python."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from random_play import play_randomly

import engine
from engine import records

ROOT = Path(__file__).resolve().parents[1]
GAMES = sorted(engine.GAMES)


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, input=stdin, capture_output=True,
                          text=True, timeout=60, check=False)


@pytest.fixture(scope="module", params=GAMES)
def record(request: pytest.FixtureRequest) -> dict[str, Any]:
    match = engine.new_match(request.param, 2, seed=99)
    play_randomly(match, random.Random(5))
    return records.from_match(match, names=["Ada", "Bob"])


def write(tmp_path: Path, data: Any) -> str:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_replay_prints_every_move_and_the_result(record: dict[str, Any], tmp_path: Path) -> None:
    done = run("replay", write(tmp_path, record))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith(f"{record['game']}: 2 players (Ada, Bob), seed 99")
    moves = lines[1:1 + len(record["log"])]
    for number, (line, (seat, move)) in enumerate(zip(moves, record["log"], strict=True), 1):
        compact = json.dumps(move, separators=(",", ":"))
        assert line.startswith(f"{number:>4}  seat {seat} {['Ada', 'Bob'][seat]}: {compact}  # ")
        assert line.endswith(records.describe_move(move))
    assert lines[-2].startswith("result: Ada ")
    assert json.loads(lines[-1].removeprefix("result JSON: ")) == record["result"]


def test_check_only_validates(record: dict[str, Any], tmp_path: Path) -> None:
    path = write(tmp_path, record)
    done = run("replay", "--check", path)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout == f"{path}: a valid {record['game']} record, {len(record['log'])} moves, finished\n"


def test_a_tampered_record_exits_1_with_the_reason(record: dict[str, Any], tmp_path: Path) -> None:
    tampered = json.loads(json.dumps(record))
    tampered["log"][4][1] = {"type": "cheat"}
    path = write(tmp_path, tampered)
    for args in (("replay", path), ("replay", "--check", path)):
        done = run(*args)
        assert done.returncode == 1 and done.stdout == ""
        assert done.stderr.startswith(f"{path}: not a valid record: move 5 of the log (seat {tampered['log'][4][0]})")


def test_a_newer_format_is_refused_with_its_message(tmp_path: Path) -> None:
    path = write(tmp_path, {"kind": "tabletop-record", "format": 3, "engine": "2.0.0"})
    done = run("replay", "--check", path)
    assert done.returncode == 1
    assert "this record is in format 3 (written by engine 2.0.0), newer than this engine reads (format 1)" \
        in done.stderr


def test_a_missing_file_and_a_foreign_file_exit_1(tmp_path: Path) -> None:
    done = run("replay", str(tmp_path / "nothing.json"))
    assert done.returncode == 1 and "cannot read it" in done.stderr
    done = run("replay", "-", stdin='{"hello": "world"}')
    assert done.returncode == 1 and "not a game record of this site" in done.stderr


def test_an_unfinished_record_from_standard_input(tmp_path: Path) -> None:
    match = engine.new_match("splendor", 2, seed=1)
    match.play(0, match.legal_moves(0)[0])
    done = run("replay", "-", stdin=json.dumps(records.from_match(match)))
    assert done.returncode == 0
    assert done.stdout.splitlines()[-1] == "unfinished: to act [1]"
