"""Entrypoint of the flip7odds Streamlit app (`streamlit run app.py`): the shell, then the page chosen.

The pages are in `pages/` (listed in `flip7odds_ui.shell.app_pages`); what they share is the `flip7odds_ui`
package.
"""

from flip7odds_ui.shell import start_app

start_app()
