"""The test suite (a package, so that its two conftest.py files have distinct module names)."""
