"""Builds the installable add-on: a zip holding kiln_blender/ with the Python client vendored beside it
(Blender > Preferences > Add-ons > Install… takes this zip).

    python3 clients/blender/package.py [out.zip]     # default: clients/blender/dist/kiln_blender.zip
"""

import os
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ADDON = os.path.join(HERE, "kiln_blender")
CLIENT = os.path.join(HERE, "..", "python", "kiln_client.py")


def build(out_path):
    os.makedirs(os.path.dirname(os.path.abspath(out_path)), exist_ok=True)
    with zipfile.ZipFile(out_path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(os.listdir(ADDON)):
            if name.endswith(".py"):
                archive.write(os.path.join(ADDON, name), "kiln_blender/" + name)
        archive.write(CLIENT, "kiln_blender/kiln_client.py")
    return out_path


if __name__ == "__main__":
    print(build(sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "dist", "kiln_blender.zip")))
