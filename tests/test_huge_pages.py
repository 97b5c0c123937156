"""`flip7odds.huge_pages`: the flag is set inside, nested callers share it, and the previous setting comes back."""

from __future__ import annotations

import sys

import pytest

from flip7odds import huge_pages
from flip7odds.huge_pages import PR_GET_THP_DISABLE, without_huge_pages


def thp_disabled() -> int:
    prctl = huge_pages._PRCTL
    assert prctl is not None
    return int(prctl(PR_GET_THP_DISABLE, 0, 0, 0, 0))


@pytest.mark.skipif(not sys.platform.startswith("linux") or huge_pages._PRCTL is None, reason="prctl is Linux's")
def test_the_flag_is_set_inside_and_restored_after_the_last_caller() -> None:
    before = thp_disabled()
    with without_huge_pages():
        assert thp_disabled() == 1
        with without_huge_pages():
            assert thp_disabled() == 1
        assert thp_disabled() == 1  # the outer caller still holds it
    assert thp_disabled() == before


def test_the_body_runs_and_errors_pass_through() -> None:
    with pytest.raises(ValueError), without_huge_pages():
        raise ValueError("raised inside")
    with without_huge_pages():
        pass
