"""The command line's answers in the tests."""

from __future__ import annotations

import pytest


def one_error_line(capsys: pytest.CaptureFixture[str]) -> str:
    """What the command printed to stderr, which must be one ``tigeuph ...: error: ...`` line
    and no traceback."""
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("tigeuph") and ": error: " in err, err
    assert "Traceback" not in err
    return err
