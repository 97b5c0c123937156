"""The words of hit/stay policies, without the solver: what the error messages say is accepted.

The threshold itself (``bust>=0.26``, ``bust:26%``, ``13/50``) is read by
`flip7odds.number_text.parse_ratio`, the one bounded reader of numbers from anyone: ASCII digits only,
a bounded count of them, no ``1e-99999999``, no zero denominator.
"""

from __future__ import annotations

from flip7odds.i18n import N_

POLICY_HELP = N_(
    "write sum>=T (e.g. sum>=23), bust>=θ (e.g. bust>=0.26 or bust>=26%), cards>=k (e.g. cards>=3), "
    "lookahead, always or optimal"
)
"""What `flip7odds.policies.parse_policy` accepts, in the words of its error message."""


__all__ = ["POLICY_HELP"]
