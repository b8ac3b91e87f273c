"""Make the teacher's answer key from the solutions notebooks.

    python tools/answer_key.py teacher/*-solutions.ipynb -o answer-key.json

The key ({exercise id: canonical answer}, and ``"<id>~<number>"`` for each set of
per-student numbers, ``treehouse_lab.variants``) is what ``python -m treehouse_lab verify``
needs to check students' completion codes (docs/teaching.md, "Collecting results"). It
holds every answer in the clear: it is teachers' material, like the solutions notebooks,
so keep it out of the students' folder and out of any site or repository they can read.

How: each notebook's code cells run here, top to bottom, in a namespace of their own, with
their own folder as the working folder and plots drawn off screen. Every ``check(id,
answer)`` they make is graded by ``treehouse_lab.exercises``, which remembers the canonical
form of each accepted answer; those forms are the key. So the key holds exactly the answers
the solutions prove right, computed as the solutions compute them, and a check the
solutions fail (a bank and its solutions out of step) stops the tool rather than writing a
key that would refuse every student.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
from pathlib import Path
from typing import Sequence


class AnswerKeyError(Exception):
    """A notebook that cannot be read or run, or a check it fails."""


def code_cells(path: Path) -> list[str]:
    """The code cells' sources of the notebook at ``path``."""
    try:
        notebook = json.loads(path.read_text(encoding="utf-8"))
        cells = notebook["cells"]
        return ["".join(c["source"]) if isinstance(c["source"], list) else c["source"]
                for c in cells if c.get("cell_type") == "code"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise AnswerKeyError(f"{path.name}: not a readable notebook ({type(exc).__name__})") \
            from None


def run_notebook(path: Path) -> dict[str, str]:
    """Run one solutions notebook; {id: canonical answer} for the checks it passed."""
    from treehouse_lab import exercises, variants

    cells = code_cells(path)
    exercises.forget_progress()
    variants.forget_proven()
    here = os.getcwd()
    namespace: dict[str, object] = {"__name__": "__main__"}
    try:
        os.chdir(path.parent)
        for number, source in enumerate(cells, 1):
            if any(line.lstrip().startswith(("%", "!")) for line in source.splitlines()):
                raise AnswerKeyError(f"{path.name}: code cell {number} uses IPython magics, "
                                "which this tool does not run")
            try:
                with contextlib.redirect_stdout(io.StringIO()):
                    exec(compile(source, f"{path.name}, code cell {number}", "exec"),
                         namespace)
            except Exception as exc:  # noqa: BLE001 - reported as the notebook's failure
                raise AnswerKeyError(f"{path.name}: code cell {number} failed: "
                                f"{type(exc).__name__}: {str(exc)[:200]}") from None
        refused = sorted(eid for eid, p in exercises.progress().items() if not p.solved)
        if refused:
            raise AnswerKeyError(f"{path.name}: check refused the solutions' answer for "
                            f"{', '.join(refused)}; the bank and its solutions disagree")
        found = exercises.accepted_answers()
        # per-student numbers: every variant of an exercise solved, as "<id>~<number>"
        found.update(variants.proven_answers())
        for eid in variants.with_variants():
            missing = [n for n, _, _ in variants.choices(eid) if f"{eid}~{n}" not in found]
            if eid in found and missing:
                raise AnswerKeyError(f"{path.name}: no right answer (check_variant) for "
                                     f"{eid}'s numbers {', '.join(map(str, missing))}; a "
                                     "student given them could not be verified")
        return found
    finally:
        os.chdir(here)
        exercises.forget_progress()
        variants.forget_proven()


def make_key(paths: Sequence[Path]) -> dict[str, str]:
    """The answer key from these notebooks (an id answered in two must agree)."""
    os.environ.setdefault("MPLBACKEND", "Agg")
    key: dict[str, str] = {}
    for path in paths:
        found = run_notebook(path)
        if not found:
            raise AnswerKeyError(f"{path.name}: no check(...) passed; is it a solutions notebook?")
        for eid, form in found.items():
            if key.setdefault(eid, form) != form:
                raise AnswerKeyError(f"{path.name}: exercise {eid} has another answer in an "
                                "earlier notebook")
        print(f"{path.name}: {len(found)} answers ({', '.join(found)})", file=sys.stderr)
    return key


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python tools/answer_key.py",
        description="Run the solutions notebooks and write the answer key that "
                    "'python -m treehouse_lab verify' checks completion codes against. "
                    "The key is teachers' material: never put it where students can read it.")
    parser.add_argument("notebooks", nargs="+", type=Path, metavar="SOLUTIONS.ipynb",
                        help="the solutions notebooks (e.g. teacher/*-solutions.ipynb)")
    parser.add_argument("-o", "--output", type=Path, default=Path("answer-key.json"),
                        metavar="KEY.json",
                        help="where to write the key (default answer-key.json, where verify "
                             "looks by default)")
    args = parser.parse_args(argv)
    try:
        key = make_key([p.resolve() for p in args.notebooks])
        text = json.dumps(key, indent=1, sort_keys=True) + "\n"
        try:
            args.output.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise AnswerKeyError(f"cannot write {str(args.output)[:80]!r} ({exc.strerror})") \
                from None
    except AnswerKeyError as exc:
        parser.exit(2, f"{parser.prog}: error: {exc}\n")
    print(f"wrote {len(key)} answers to {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
