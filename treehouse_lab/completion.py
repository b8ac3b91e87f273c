"""Completion codes: a student's proof of the exercises solved, checked by a teacher offline.

Why a code and not a file or a server: a class may have no server, and a code is one line a
student pastes into any form or LMS. Why it proves anything: the notebook holds no answers
(only salted digests), so the code is made from the answers the student's kernel saw
accepted. For each solved exercise the code carries a *tag*,

    HMAC-SHA256(key = "TL1", id, canonical answer; msg = "TL1", name, id, attempts)[:8]

which only someone who knows the canonical answer can compute, and which binds the tag to
the student's name and attempt count. A teacher's answer key ({id: canonical answer}, made
from the solutions notebooks by ``tools/answer_key.py``, never given to students) lets
:func:`verify_code` compute each tag again. A student who chose their own numbers
(``treehouse_lab.variants``) has tags keyed by their variant's answer: the key holds every
variant's answer as ``"<id>~<number>"``, and the code's name says which number is theirs.

The format, version 1: ``TL1-`` then the RFC 4648 base32 text (no ``=`` padding, read in any
case) of

    name length (1 byte), name (UTF-8, display form)
    number of solved exercises (1 byte), each: exercise ref (4 bytes), attempts (1), tag (8)
    number of tried, unsolved exercises (1 byte), each: exercise ref (4), attempts (1)
    checksum: the first 4 bytes of SHA-256 of "TL1" and everything above

An exercise ref is the first 4 bytes of SHA-256 of its id (the ids themselves would make
the code about twice as long); the answer key names them. Attempts count to 255 (255 means
"255 or more"). The checksum is not secret: it only catches a code altered or copied
incompletely, so that the teacher is told that rather than "not proven". What it does not
protect: the attempt counts of *unsolved* exercises carry no tag, so anyone can change them;
the counts of solved ones can be changed only by someone who knows the answer (the student
who solved it), so attempts are a guide, not evidence. And the answers are small numbers: a
student who cannot solve an exercise but guesses its answer (or searches for the number
whose digest the notebook holds) can make a valid code, as they could pass ``check``.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import unicodedata
from dataclasses import dataclass
from typing import Iterable, Mapping

from .errors import RuleError, quote

#: The text every code starts with: the format's version.
PREFIX = "TL1-"
#: The longest name, in characters. Why: a name is shown on a class list and carried in
#: every code; 60 characters hold any real full name and keep the code one short line.
MAX_NAME = 60
#: The longest code read, in characters: a code for 255 solved and 255 tried exercises
#: with the longest name (4,837 bytes) is 7,744 characters. A notebook's 8 exercises with
#: a name of 10 letters make some 200.
MAX_CODE = 8000
TAG_BYTES = 8
REF_BYTES = 4
CHECK_BYTES = 4
MAX_ATTEMPTS = 255
_VERSION = b"TL1"
_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
#: The forms ``treehouse_lab.exercises.canonical`` gives, by their first characters.
CANONICAL_STARTS = ("Q:", "A:", "E:", "N:", "T(", "S(")


def display_name(name: object, field: str = "name") -> str:
    """The name as a code shows it: Unicode NFC, spaces collapsed, trimmed. Refuses
    (RuleError naming ``field``) anything but a text of 1 to MAX_NAME characters with no
    control characters, so that a code never carries an empty or unreadable name."""
    if not isinstance(name, str):
        raise RuleError(f"{field}: expected your name as text (1 to {MAX_NAME} characters), "
                        f"got {type(name).__name__}")
    shown = " ".join(unicodedata.normalize("NFC", name).split())
    if not shown:
        raise RuleError(f"{field}: give your name (1 to {MAX_NAME} characters); it is empty")
    if len(shown) > MAX_NAME:
        raise RuleError(f"{field}: a name of at most {MAX_NAME} characters, got "
                        f"{len(shown)}: {quote(shown, 30)}")
    if any(unicodedata.category(ch).startswith("C") for ch in shown):
        raise RuleError(f"{field}: letters, digits, spaces and punctuation only; "
                        f"{quote(shown, 30)} has a control character")
    return shown


def name_key(name: str) -> str:
    """The form of a (display) name that tags are bound to: case does not matter, so a
    teacher's list may write "ann lee" for the code's "Ann Lee"."""
    return display_name(name).casefold()


def exercise_ref(exercise_id: str) -> bytes:
    """The 4 bytes a code names an exercise by."""
    return hashlib.sha256(b"treehouse-lab exercise\x1f" + exercise_id.encode()).digest()[
        :REF_BYTES]


def variant_number(name: str, exercise_id: str, count: int) -> int:
    """Which of an exercise's ``count`` variants the student ``name`` gets, from 1
    (``treehouse_lab.variants``). Here, beside the tags, because the teacher's verify
    must work it out from a code's name exactly as the student's kernel did: a hash of
    the name's key (so case does not matter) and the id, never anything random."""
    data = b"\x1f".join((b"TLV1", name_key(name).encode(), exercise_id.encode()))
    return 1 + int.from_bytes(hashlib.sha256(data).digest()[:8], "big") % count


def variant_answer(key: Mapping[str, str], exercise_id: str, name: str) -> str | None:
    """The canonical answer to the numbers ``name`` was given, from an answer key whose
    variants are ``"<id>~1"``, ``"<id>~2"``, ... (tools/answer_key.py); None when the
    key has none for this exercise."""
    count = 0
    while f"{exercise_id}~{count + 1}" in key:
        count += 1
    if not count:
        return None
    return key[f"{exercise_id}~{variant_number(name, exercise_id, count)}"]


def proof_tag(exercise_id: str, answer_form: str, name: str, attempts: int) -> bytes:
    """The tag that proves ``exercise_id`` solved: keyed by its canonical answer."""
    key = b"\x1f".join((_VERSION, exercise_id.encode(), answer_form.encode()))
    msg = b"\x1f".join((_VERSION, name_key(name).encode(), exercise_id.encode(),
                        str(attempts).encode()))
    return hmac.new(key, msg, hashlib.sha256).digest()[:TAG_BYTES]


def make_code(name: str, solved: Mapping[str, tuple[str, int]],
              tried: Mapping[str, int] | None = None) -> str:
    """The code for ``name``: ``solved`` is {id: (canonical answer, attempts)}, ``tried``
    {id: attempts} for exercises tried but not solved."""
    shown = display_name(name)
    tried = {eid: n for eid, n in (tried or {}).items() if eid not in solved and n > 0}
    if len(solved) > 255 or len(tried) > 255:
        raise RuleError("a completion code holds at most 255 solved and 255 tried exercises")
    raw = shown.encode()
    body = bytearray([len(raw)]) + raw
    body.append(len(solved))
    for eid in sorted(solved):
        form, attempts = solved[eid]
        n = _attempts(attempts)
        body += exercise_ref(eid) + bytes([n]) + proof_tag(eid, form, shown, n)
    body.append(len(tried))
    for eid in sorted(tried):
        body += exercise_ref(eid) + bytes([_attempts(tried[eid])])
    body += _checksum(bytes(body))
    return PREFIX + base64.b32encode(bytes(body)).decode().rstrip("=")


def _attempts(n: int) -> int:
    return max(1, min(int(n), MAX_ATTEMPTS))


def _checksum(body: bytes) -> bytes:
    return hashlib.sha256(_VERSION + body).digest()[:CHECK_BYTES]


class CodeError(RuleError):
    """A code that cannot be read: ``kind`` is "format" or "checksum"."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


@dataclass(frozen=True)
class DecodedCode:
    """What a code says, before any check against an answer key."""

    name: str
    solved: tuple[tuple[bytes, int, bytes], ...]  # (ref, attempts, tag)
    tried: tuple[tuple[bytes, int], ...]  # (ref, attempts)


def read_code(code: object) -> DecodedCode:
    """Decode a code, or raise :class:`CodeError` saying why it is unreadable. Spaces and
    quotes around it (copied with the notebook's output) are ignored, and so is case."""
    if not isinstance(code, str):
        raise CodeError("format", f"a code is text, got {type(code).__name__}")
    text = code.strip().strip("'\"").strip()
    if not text:
        raise CodeError("format", "the code is empty")
    if len(text) > MAX_CODE:
        raise CodeError("format", f"a code has at most {MAX_CODE:,} characters, this one "
                                  f"{len(text):,}")
    text = text.upper()
    if not text.startswith(PREFIX):
        version = text.partition("-")[0]
        if version.startswith("TL") and version[2:].isdigit():
            raise CodeError("format", f"a code of version {quote(version, 12)}, which this "
                                      "treehouse-lab cannot read (it reads TL1): update it")
        raise CodeError("format", f"a code starts with {PREFIX}; this one starts with "
                                  f"{quote(text, 8)}")
    letters = text[len(PREFIX):]
    if not set(letters) <= _ALPHABET:
        raise CodeError("format", "not a code: after TL1- only the letters A-Z and digits "
                                  "2-7 may follow")
    try:
        data = base64.b32decode(letters + "=" * (-len(letters) % 8))
    except (binascii.Error, ValueError):  # a length no whole code has
        raise CodeError("checksum", "the code was altered or copied incompletely "
                                    "(it is not a whole code)") from None
    # base32's last letter can carry unused bits: only the one spelling of the bytes is a
    # code, so that changing any letter is caught
    if base64.b32encode(data).decode().rstrip("=") != letters or len(data) < 3 + CHECK_BYTES:
        raise CodeError("checksum", "the code was altered or copied incompletely "
                                    "(it is not a whole code)")
    body, check = data[:-CHECK_BYTES], data[-CHECK_BYTES:]
    if not hmac.compare_digest(_checksum(body), check):
        raise CodeError("checksum", "the code was altered or copied incompletely "
                                    "(its checksum does not match)")
    try:
        return _parse(body)
    except (IndexError, UnicodeDecodeError, RuleError):
        # the checksum matched, so this was built by hand, not mistyped
        raise CodeError("format", "the code's contents are malformed (it was not made by "
                                  "completion_code)") from None


def _parse(body: bytes) -> DecodedCode:
    at = 0

    def take(n: int) -> bytes:
        nonlocal at
        if at + n > len(body):
            raise IndexError("short")
        out = body[at:at + n]
        at += n
        return out

    name = take(take(1)[0]).decode()
    if display_name(name) != name:
        raise RuleError("name not in display form")
    solved = []
    for _ in range(take(1)[0]):
        solved.append((take(REF_BYTES), take(1)[0], take(TAG_BYTES)))
    tried = []
    for _ in range(take(1)[0]):
        tried.append((take(REF_BYTES), take(1)[0]))
    if at != len(body):
        raise IndexError("trailing bytes")
    return DecodedCode(name, tuple(solved), tuple(tried))


@dataclass(frozen=True)
class ExerciseResult:
    """One exercise in a verified code: ``proven`` says its tag matched the key."""

    exercise: str
    solved: bool
    proven: bool
    attempts: int
    #: Proven with the student's own numbers (``treehouse_lab.variants``), not today's.
    variant: bool = False


@dataclass(frozen=True)
class CodeReport:
    """The verdict on one student's code. ``valid`` only when it reads, names the student
    and proves every exercise it claims; ``problem`` says why not: "bad format",
    "checksum", "name mismatch", "exercise X not proven", "exercise not in the key"."""

    name: str
    valid: bool
    problem: str
    results: tuple[ExerciseResult, ...]

    @property
    def solved(self) -> list[str]:
        return [r.exercise for r in self.results if r.solved and r.proven]


def load_key(data: object) -> dict[str, str]:
    """Check an answer key (the parsed JSON {exercise id: canonical answer})."""
    if not isinstance(data, dict) or not data:
        raise RuleError("an answer key is a JSON object {exercise id: canonical answer}, "
                        "with at least one exercise")
    key: dict[str, str] = {}
    for eid, form in data.items():
        if not isinstance(form, str) or not form.startswith(CANONICAL_STARTS):
            raise RuleError(f"answer key: the answer for {quote(eid, 40)} is not a canonical "
                            f"answer (one of {', '.join(CANONICAL_STARTS)}...), got "
                            f"{quote(form, 30)}")
        key[eid] = form
    refs: dict[bytes, str] = {}
    for eid in key:
        other = refs.setdefault(exercise_ref(eid), eid)
        if other != eid:  # 1 chance in 4 billion per pair; say so rather than misreport
            raise RuleError(f"answer key: exercises {quote(other, 40)} and {quote(eid, 40)} "
                            "share a code reference; rename one")
    return key


def verify_code(code: object, name: object, key: Mapping[str, str]) -> CodeReport:
    """Check ``code`` for the student ``name`` against the answer ``key`` (see
    :func:`load_key`). Never raises for a bad code: the report says what is wrong."""
    try:
        listed = display_name(name)
    except RuleError as why:
        return CodeReport(str(name)[:MAX_NAME], False, f"bad name ({why})", ())
    try:
        decoded = read_code(code)
    except CodeError as why:
        kind = "checksum" if why.kind == "checksum" else "bad format"
        return CodeReport(listed, False, f"{kind}: {why}", ())
    if decoded.name.casefold() != listed.casefold():
        return CodeReport(listed, False, f"name mismatch: the code was made for "
                                         f"{quote(decoded.name, 40)}", ())
    by_ref = {exercise_ref(eid): eid for eid in key}
    results: list[ExerciseResult] = []
    problems: list[str] = []
    for ref, attempts, tag in decoded.solved:
        eid = by_ref.get(ref)
        if eid is None:
            problems.append(f"an exercise not in the answer key (ref {ref.hex()}): use the "
                            "key for this notebook")
            continue
        proven = hmac.compare_digest(proof_tag(eid, key[eid], decoded.name, attempts), tag)
        own = variant_answer(key, eid, decoded.name)
        variant = not proven and own is not None and hmac.compare_digest(
            proof_tag(eid, own, decoded.name, attempts), tag)
        if not (proven or variant):
            problems.append(f"exercise {eid} not proven")
        results.append(ExerciseResult(eid, True, proven or variant, attempts, variant))
    for ref, attempts in decoded.tried:
        eid = by_ref.get(ref, f"(ref {ref.hex()}, not in the key)")
        results.append(ExerciseResult(eid, False, False, attempts))
    return CodeReport(listed, not problems, "; ".join(problems), tuple(results))


def exercises_in(reports: Iterable[CodeReport]) -> list[str]:
    """Every exercise any report mentions, in first-seen order: a class export's rows."""
    seen: dict[str, None] = {}
    for report in reports:
        for r in report.results:
            seen.setdefault(r.exercise, None)
    return list(seen)
