"""Suite-wide test settings.

Hypothesis runs derandomized (its examples come from a fixed seed), so a run of the suite is
reproducible like the Monte-Carlo tests with their fixed seeds: CI and a developer see the same
examples. ``HYPOTHESIS_PROFILE=explore`` draws fresh random examples, to look for new failures.
"""

import os

from hypothesis import settings

settings.register_profile("fixed", derandomize=True, print_blob=True)
settings.register_profile("explore", derandomize=False, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "fixed"))
