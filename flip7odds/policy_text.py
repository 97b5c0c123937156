"""The text of hit/stay policies without the solver: the forms accepted, and a safe reader of thresholds.

`flip7odds.policies.parse_policy` (``bust>=0.26``) and `flip7odds.simulator.policy_from_text`
(``bust:26%``) read a bust-chance threshold with `parse_ratio`: a decimal (``0.26``, ``.26``), a
percentage (``26%``) or a fraction of whole numbers (``13/50``), with at most `MAX_DIGITS` digits on
each side. No exponents (``1e-99999999`` would ask for ten to that power), no zero denominator, no
4,000-digit number: such a text is simply not a threshold.

>>> parse_ratio("0.26"), parse_ratio("26%"), parse_ratio("13/50"), parse_ratio(".5")
(Fraction(13, 50), Fraction(13, 50), Fraction(13, 50), Fraction(1, 2))
>>> [parse_ratio(text) for text in ("1e-9", "0/0", "1/0", "inf", "nan", "0." + "0" * 40 + "1", "")]
[None, None, None, None, None, None, None]
"""

from __future__ import annotations

import re
from fractions import Fraction

from flip7odds.i18n import N_

POLICY_HELP = N_(
    "write sum>=T (e.g. sum>=23), bust>=θ (e.g. bust>=0.26 or bust>=26%), cards>=k (e.g. cards>=3), "
    "lookahead, always or optimal"
)
"""What `flip7odds.policies.parse_policy` accepts, in the words of its error message."""
MAX_DIGITS = 12
"""The most digits a threshold's whole part, decimals, numerator or denominator may have."""
_DECIMAL = re.compile(rf"(\d{{0,{MAX_DIGITS}}})(?:\.(\d{{1,{MAX_DIGITS}}}))?(%?)")
_FRACTION = re.compile(rf"(\d{{1,{MAX_DIGITS}}})/(\d{{1,{MAX_DIGITS}}})")


def parse_ratio(text: str) -> Fraction | None:
    """The exact value of ``text`` (a decimal, a percentage or ``p/q``), or None when it is none of these."""
    compact = text.strip()
    fraction = _FRACTION.fullmatch(compact)
    if fraction:
        numerator, denominator = int(fraction.group(1)), int(fraction.group(2))
        return None if denominator == 0 else Fraction(numerator, denominator)
    decimal = _DECIMAL.fullmatch(compact)
    if not decimal or not (decimal.group(1) or decimal.group(2)):
        return None
    whole, decimals, percent = decimal.group(1) or "0", decimal.group(2) or "", decimal.group(3)
    value = Fraction(int(whole + decimals), 10 ** len(decimals))
    return value / 100 if percent else value


__all__ = ["MAX_DIGITS", "POLICY_HELP", "parse_ratio"]
