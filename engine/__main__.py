"""The engine on the command line: ``python -m engine replay [--check] RECORD.json``.

``replay`` checks a game record (docs/records.md) by replaying it in the engine, then prints every
move of its log — number, seat and name, the move as JSON, a short description — and the result.
``--check`` only validates. A bad record prints the reason on stderr and exits with status 1.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import plain_json, records


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read(records.MAX_RECORD_TEXT + 1)
    with Path(path).open(encoding="utf-8") as file:
        return file.read(records.MAX_RECORD_TEXT + 1)


def _print_record(record: records.Record, out: list[str]) -> None:
    fields = record.fields
    names = fields.names
    options = plain_json.dumps(fields.options)
    out.append(f"{fields.game}: {fields.players} players ({', '.join(names)}), seed {fields.seed}, "
               f"options {options}, {len(fields.log)} moves")
    for number, (seat, move) in enumerate(fields.log, 1):
        out.append(f"{number:>4}  seat {seat} {names[seat]}: {plain_json.dumps(move)}  # {records.describe_move(move)}")
    result = record.match.result()
    if result is None:
        out.append(f"unfinished: to act {record.match.to_act()}")
    else:
        out.append(f"result: {records.describe_result(result, names)}")
        out.append(f"result JSON: {plain_json.dumps(result)}")


def _replay(args: argparse.Namespace) -> int:
    try:
        text = _read(args.record)
    except (OSError, UnicodeDecodeError) as exc:
        print(f"{args.record}: cannot read it: {exc}", file=sys.stderr)
        return 1
    try:
        record = records.validate(records.parse(text))
    except records.BadRecord as exc:
        print(f"{args.record}: not a valid record: {exc}", file=sys.stderr)
        return 1
    if args.check:
        fields = record.fields
        state = "finished" if fields.result is not None else "unfinished"
        print(f"{args.record}: a valid {fields.game} record, {len(fields.log)} moves, {state}")
        return 0
    out: list[str] = []
    _print_record(record, out)
    print("\n".join(out))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m engine", description="The tabletop engine.")
    commands = parser.add_subparsers(dest="command", required=True)
    replay = commands.add_parser("replay", help="replay a game record and print its log and result")
    replay.add_argument("record", help="a record file (docs/records.md), or - for standard input")
    replay.add_argument("--check", action="store_true", help="only check the record; print one line")
    args = parser.parse_args(argv)
    return _replay(args)


if __name__ == "__main__":
    sys.exit(main())
