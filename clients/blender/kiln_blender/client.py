"""The one Python client (clients/python/kiln_client.py): vendored into the add-on's zip by
clients/blender/package.py, or, when the add-on runs from a checkout, imported from the repository."""

import importlib.util
import os
import sys

try:
    from . import kiln_client  # the copy package.py puts beside this file
except ImportError:
    _CHECKOUT_COPY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python", "kiln_client.py")
    if not os.path.exists(_CHECKOUT_COPY):
        raise ImportError(
            "kiln_client.py is missing: install the add-on from the zip made by clients/blender/package.py") from None
    _spec = importlib.util.spec_from_file_location(__package__ + ".kiln_client", _CHECKOUT_COPY)
    kiln_client = importlib.util.module_from_spec(_spec)
    sys.modules[_spec.name] = kiln_client
    _spec.loader.exec_module(kiln_client)

Kiln = kiln_client.Kiln
KilnError = kiln_client.KilnError


def connect(preferences):
    """A client from the add-on preferences; empty fields fall back to KILN_URL / KILN_API_KEY."""
    return Kiln(preferences.server_url.strip() or None, preferences.api_key.strip() or None)
