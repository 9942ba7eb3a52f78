"""The README's Python examples run as written."""

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def python_blocks():
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def test_the_readme_has_runnable_examples():
    assert len(python_blocks()) >= 3


def test_every_readme_example_runs(capsys):
    for block in python_blocks():
        exec(compile(block, str(README), "exec"), {})
    out = capsys.readouterr().out
    assert "take at most two gems of one colour" in out
    assert "'title': 'Splendor'" in out
