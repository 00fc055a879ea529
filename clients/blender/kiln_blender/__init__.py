"""Kiln for Blender: a sidebar panel (View3D > Sidebar > Kiln) that generates models from a prompt or
pictures, Bangs the selected object (or an asset) into separate pieces, and retextures the selected
object, through a Kiln server. Jobs run on a background thread; a timer on the main thread shows their
progress and imports the results, so the interface never freezes.
"""

bl_info = {
    "name": "Kiln",
    "author": "Kiln contributors",
    "version": (0, 1, 0),
    "blender": (3, 4, 0),
    "location": "View3D > Sidebar > Kiln",
    "description": "Generate, Bang (split into pieces) and retexture models with a Kiln server",
    "doc_url": "https://github.com/kiln/kiln/blob/main/docs/clients-python-blender.md",
    "category": "Import-Export",
}

if "bpy" in locals():  # F8 / "Reload Scripts": pick up edited modules
    import importlib

    for _module in (client, jobs, scene_io, properties, operators, panel):  # noqa: F821
        importlib.reload(_module)

from . import client, jobs, scene_io, properties, operators, panel  # noqa: E402

import bpy  # noqa: E402, F401

_MODULES = (properties, operators, panel)


def register():
    for module in _MODULES:
        module.register()


def unregister():
    jobs.MANAGER.stop()
    for module in reversed(_MODULES):
        module.unregister()
