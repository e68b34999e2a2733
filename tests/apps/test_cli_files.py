"""The command line's files: every file a subcommand reads keeps to the library's limits (size
before reading, JSON depth), accepts a byte-order mark, and is refused in one line with exit
status 2; ``tigeuph verify`` checks a record's deal against its commitment (issue 24)."""

from __future__ import annotations

import io
import os
import random
import resource
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.cli import one_error_line

import tigeuph
from tigeuph import deal_commitment
from tigeuph.cli import main

SEED, SALT = 424242, "9c1e5f7a2b3d4c6e8f0a1b2c3d4e5f60"
COMMITMENT = deal_commitment(SEED, SALT)
BOM = b"\xef\xbb\xbf"
LIMITS = tigeuph.Limits()


def committed_game(actions: int | None = 12, tags: dict[str, str] | None = None) -> tigeuph.Game:
    """A 2-player game dealt from SEED, committed to with SALT, played *actions* random legal
    actions (to its end when None)."""
    base = {"DealSalt": SALT, "DealCommitment": COMMITMENT}
    game = tigeuph.Game.new(2, seed=SEED, tags=base if tags is None else tags)
    rng = random.Random(3)
    while tigeuph.outcome(game.state) is None and (actions is None or len(game.actions) < actions):
        game.play(rng.choice(tigeuph.legal_actions(game.state)))
    return game


@pytest.fixture(scope="module")
def game() -> tigeuph.Game:
    return committed_game()


@pytest.fixture
def record(tmp_path: Path, game: tigeuph.Game) -> Path:
    path = tmp_path / "game.txt"
    path.write_text(game.to_record(), encoding="utf-8")
    return path


@pytest.fixture
def stdin(monkeypatch: pytest.MonkeyPatch) -> Iterator[io.BytesIO]:
    """Standard input as bytes the test writes before calling main."""
    data = io.BytesIO()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(data, encoding="utf-8"))
    yield data


def run(*argv: str) -> subprocess.CompletedProcess[str]:
    """``tigeuph ARGV`` in a process of its own, held to 1 GB of memory so that a reader that
    forgot its limit fails instead of filling the machine."""

    def hold() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))

    return subprocess.run(
        [sys.executable, "-m", "tigeuph", *argv],
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=hold,
    )


# --- reading files -------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("command", ["render", "verify"])
def test_dev_zero_is_refused_from_its_first_bytes(command: str, tmp_path: Path) -> None:
    """/dev/zero, which has no size and never ends, is refused once past the limit."""
    output = ["-o", str(tmp_path / "x.svg")] if command == "render" else []
    done = run(command, "/dev/zero", *output)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith("tigeuph: error: /dev/zero: more than 4,000,000 bytes")
    assert "Limits.max_json_bytes" in done.stderr


def test_a_fifo_over_the_limit_is_refused_and_one_within_it_read(
    tmp_path: Path, game: tigeuph.Game, capsys: pytest.CaptureFixture[str]
) -> None:
    """A FIFO, whose size is 0 to stat, is read up to the limit: refused past it, read below."""
    fifo = tmp_path / "fifo.txt"
    os.mkfifo(fifo)

    def write(data: bytes) -> threading.Thread:
        def feed() -> None:
            try:
                with fifo.open("wb") as out:
                    out.write(data)
            except BrokenPipeError:  # the reader stopped at its limit
                pass

        thread = threading.Thread(target=feed, daemon=True)
        thread.start()
        return thread

    writer = write(b"[" * 9_000_000)
    assert main(["render", str(fifo), "-o", str(tmp_path / "x.svg")]) == 2
    assert "more than 4,000,000 bytes" in one_error_line(capsys)
    writer.join(timeout=30)
    writer = write(game.to_record().encode())
    assert main(["verify", str(fifo)]) == 0
    assert f"seed:        {SEED}" in capsys.readouterr().out
    writer.join(timeout=30)


def test_standard_input_over_the_limit_is_refused(
    stdin: io.BytesIO, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Standard input ('-') is read no further than the limit."""
    stdin.write(b"{" + b" " * 5_000_000)
    stdin.seek(0)
    assert main(["render", "-", "-o", str(tmp_path / "x.svg")]) == 2
    err = one_error_line(capsys)
    assert "standard input: more than 4,000,000 bytes" in err and "max_json_bytes" in err


@pytest.mark.parametrize(
    ("content", "limit"),
    [
        (b"{" + b" " * LIMITS.max_json_bytes, "max_json_bytes"),
        (b"# " + b"x" * LIMITS.max_text_bytes, "max_text_bytes"),
    ],
    ids=["json", "text"],
)
def test_an_oversized_file_is_refused_naming_its_limit(
    content: bytes, limit: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file one byte over the limit for its kind (JSON or text) is refused, naming it."""
    path = tmp_path / "big"
    path.write_bytes(content)
    assert main(["explain", str(path), "pass"]) == 2
    err = one_error_line(capsys)
    assert f"{len(content):,} bytes" in err and f"Limits.{limit}" in err


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ('{"format": "tigeuph-record", "moves": ' + "[" * 100_000, "max_json_depth"),
        ("{" * 100_000, "not JSON"),
        ('{"format": "tigeuph-view", "a": ' + '{"b": ' * 50_000, "max_json_depth"),
        ("[" * 100_000, "max_tag_chars"),
    ],
    ids=["record", "braces", "view", "brackets"],
)
def test_deep_nesting_is_one_line(
    content: str, expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """100,000 levels of brackets are refused in one line, not a RecursionError."""
    path = tmp_path / "deep.json"
    path.write_text(content)
    for argv in (["render", str(path), "-o", str(tmp_path / "x.svg")], ["verify", str(path)]):
        assert main(argv) == 2
        assert expected in one_error_line(capsys)


@pytest.mark.parametrize("kind", ["position", "record", "json-record", "state"])
def test_a_byte_order_mark_is_accepted(
    kind: str, game: tigeuph.Game, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A UTF-8 file that starts with a byte-order mark reads as the same file without one."""
    text = {
        "position": tigeuph.to_text(game.state),
        "record": game.to_record(),
        "json-record": game.to_json(),
        "state": tigeuph.state_to_json(game.state),
    }[kind]
    path = tmp_path / "bom"
    path.write_bytes(BOM + text.encode())
    assert main(["explain", str(path), "pass"]) == 0
    assert capsys.readouterr().out.startswith("Legal")


def test_a_byte_order_mark_on_standard_input_and_in_a_board_file(
    stdin: io.BytesIO, game: tigeuph.Game, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Standard input and --board files go through the same reading: a mark is dropped."""
    stdin.write(BOM + game.to_record().encode())
    stdin.seek(0)
    assert main(["verify", "-"]) == 0
    assert f"commitment:  {COMMITMENT}" in capsys.readouterr().out
    board = tmp_path / "delta.txt"
    board.write_bytes(BOM + b"T.~.\n.~~S\nT~..\n")
    argv = ["play", "--board", str(board), "--seats", "random,random", "--max-actions", "2"]
    assert main([*argv, "--delay", "0", "--no-record"]) == 0
    assert "bound of 2 actions" in capsys.readouterr().out


def test_a_board_file_over_the_limit_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--board reads its file within the same limits."""
    board = tmp_path / "huge.txt"
    board.write_bytes(b"." * (LIMITS.max_text_bytes + 1))
    assert main(["play", "--board", str(board), "--seats", "random,random", "--no-record"]) == 2
    assert "Limits.max_text_bytes" in one_error_line(capsys)


@pytest.mark.parametrize("where", ["file", "stdin"])
def test_text_that_is_not_utf8_is_one_clear_line(
    where: str, stdin: io.BytesIO, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bytes that are not UTF-8 are refused, saying where."""
    content = b'[Seed "1"]\n[Rules "players=2 board=standard"]\n[Event "caf\xe9"]\n'
    path = tmp_path / "latin1.txt"
    path.write_bytes(content)
    stdin.write(content)
    stdin.seek(0)
    name = str(path) if where == "file" else "-"
    assert main(["verify", name]) == 2
    err = one_error_line(capsys)
    assert "not UTF-8 text" in err and f"at byte {content.index(0xE9)}" in err
    assert ("standard input" if where == "stdin" else str(path)) in err


def test_a_directory_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A path that is not a readable file is one line."""
    assert main(["verify", str(tmp_path)]) == 2
    assert f"cannot read {tmp_path}" in one_error_line(capsys)


# --- tigeuph verify ------------------------------------------------------------------------------


def test_verify_with_the_commitment_reports_what_was_checked(
    record: Path, game: tigeuph.Game, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record whose Seed and DealSalt give the commitment passed: exit 0 and a report."""
    assert main(["verify", str(record), "--commitment", COMMITMENT.upper()]) == 0
    out = capsys.readouterr().out
    for line in (
        f"seed:        {SEED}",
        f"salt:        {SALT}",
        f"commitment:  {COMMITMENT}",
        "matches:     the commitment you gave (--commitment) and the record's DealCommitment tag",
        f"actions:     {len(game.actions)}, each legal",
        "result:      not over",
    ):
        assert line in out, out
    assert "NOT checked" not in out


def test_verify_without_the_commitment_says_the_tag_is_the_servers_word(
    record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without --commitment only the record's own tag is compared, and the report says so."""
    assert main(["verify", str(record)]) == 0
    out = capsys.readouterr().out
    assert "matches:     the record's DealCommitment tag\n" in out
    assert "NOT checked: that the server showed this commitment" in out
    assert "pass --commitment HEX" in out


def test_verify_a_finished_json_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A finished game's JSON record: the report gives the result, as the game tells it."""
    finished = committed_game(actions=None)
    result = tigeuph.outcome(finished.state)
    assert result is not None
    path = tmp_path / "game.json"
    path.write_text(finished.to_json())
    assert main(["verify", str(path), "--commitment", COMMITMENT]) == 0
    out = capsys.readouterr().out
    told = tigeuph.GAMES["tigris"].presentation.result_text(finished.state)
    assert f"result:      game over: {told}" in out
    assert f"won by seat {result.winners[0]}" in out


@pytest.mark.parametrize("as_json", [False, True])
def test_verify_a_babel_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], as_json: bool
) -> None:
    """A finished Babel game's record, text or JSON, is verified as the main game's is; a
    changed salt is refused."""
    babel = tigeuph.GAMES["babel"]
    game = babel.records.new_record(
        2, seed=SEED, tags={"DealSalt": SALT, "DealCommitment": COMMITMENT}
    )
    rng = random.Random(2)
    while not game.state.is_over:
        game.play(rng.choice(babel.legal_actions(game.state)))
    path = tmp_path / ("game.json" if as_json else "game.txt")
    path.write_text(game.to_json() if as_json else game.to_record())
    assert main(["verify", str(path), "--commitment", COMMITMENT]) == 0
    out = capsys.readouterr().out
    assert "game:        Babel\n" in out
    assert f"result:      game over: {babel.presentation.result_text(game.state)}" in out
    assert f"actions:     {len(game.actions)}, each legal" in out
    path.write_text(game.to_record().replace(SALT, "0" * len(SALT)))
    assert main(["verify", str(path), "--commitment", COMMITMENT]) == 1


def test_verify_a_wrong_commitment_exits_1(
    record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A commitment the Seed and DealSalt do not give: one line, exit 1."""
    other = deal_commitment(SEED + 1, SALT)
    assert main(["verify", str(record), "--commitment", other]) == 1
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    assert out.startswith(f"deal NOT verified: the commitment given is {other}")
    assert f"give {COMMITMENT}" in out


def test_verify_a_tampered_salt_exits_1(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A salt changed after the commitment no longer gives it."""
    text = record.read_text().replace(f'[DealSalt "{SALT}"]', '[DealSalt "0"]')
    record.write_text(text)
    for extra in ([], ["--commitment", COMMITMENT]):
        assert main(["verify", str(record), *extra]) == 1
        out = capsys.readouterr().out
        assert out.count("\n") == 1 and "deal NOT verified" in out


def test_verify_a_tampered_record_exits_2(
    record: Path, game: tigeuph.Game, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record whose action was changed to an illegal one does not replay: one line, exit 2."""
    first = str(game.actions[0])
    text = record.read_text().replace(f"1. {first} ", "1. rE1 ", 1)
    assert text != record.read_text()
    record.write_text(text)
    assert main(["verify", str(record), "--commitment", COMMITMENT]) == 2
    assert "rE1" in one_error_line(capsys)


def test_verify_a_tampered_seed_never_passes(
    record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record given another seed either fails to replay (2) or misses its commitment (1)."""
    record.write_text(record.read_text().replace(f'[Seed "{SEED}"]', '[Seed "7"]'))
    assert main(["verify", str(record), "--commitment", COMMITMENT]) in (1, 2)
    captured = capsys.readouterr()
    assert "NOT verified" in captured.out or ": error: " in captured.err


def test_verify_without_a_salt_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A record without DealSalt cannot be checked: one line, exit 1."""
    path = tmp_path / "nosalt.txt"
    path.write_text(committed_game(tags={"DealCommitment": COMMITMENT}).to_record())
    assert main(["verify", str(path), "--commitment", COMMITMENT]) == 1
    assert capsys.readouterr().out == (
        "deal NOT verified: the record has no DealSalt tag: its deal cannot be checked\n"
    )


def test_verify_with_nothing_to_compare_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Neither a DealCommitment tag nor --commitment: nothing was checked, so exit 1."""
    path = tmp_path / "bare.txt"
    path.write_text(committed_game(tags={"DealSalt": SALT}).to_record())
    assert main(["verify", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "nothing to check it against" in out and COMMITMENT in out


def test_verify_shows_no_terminal_escapes_from_the_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A salt holding terminal escapes is shown escaped: the record cannot redraw the report."""
    salt = "ab\x1b[2Jcd"
    path = tmp_path / "escape.txt"
    tags = {"DealSalt": salt, "DealCommitment": deal_commitment(SEED, salt)}
    path.write_text(committed_game(tags=tags).to_record())
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "salt:        ab\\x1b[2Jcd" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["verify", "{record}", "--commitment", "abc"],
        ["verify", "{record}", "--commitment", "g" * 64],
        ["verify", "{position}"],
        ["verify", "{missing}"],
    ],
)
def test_verify_bad_input_is_one_line_and_status_2(
    argv: list[str],
    record: Path,
    game: tigeuph.Game,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A malformed commitment, a position, a missing file: one line, exit 2."""
    position = tmp_path / "position.txt"
    position.write_text(tigeuph.to_text(game.state))
    names = {"record": record, "position": position, "missing": tmp_path / "missing.txt"}
    assert main([arg.format(**names) for arg in argv]) == 2
    one_error_line(capsys)
