"""Programs that Python and pip do not bring, which some tests run (tests/conftest.py leaves
those tests out where a program is missing, unless a variable requires them)."""

from __future__ import annotations

BROWSER = ("/usr/bin/chromium", "/usr/bin/chromedriver")
"""Debian's headless Chromium and its driver, for Selenium."""
NODE = ("/usr/bin/node",)
SITE_BUILD = ("/usr/bin/node", "/usr/bin/npm", "sphinx")
"""What building the documentation site needs: Node and npm (for Pyodide), and Sphinx."""
