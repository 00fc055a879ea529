"""What the panel edits: the server and key (add-on preferences, kept out of .blend files so a shared
scene never carries the key) and the job settings (per scene)."""

import bpy

TIERS = ("Gen-2.5-Extreme-Low", "Gen-2.5-Low", "Gen-2.5-Medium", "Gen-2.5-High", "Gen-2.5-Extreme-High", "Regular")
QUALITIES = ("extra-low", "low", "medium", "high")
TEXTURE_MODES = ("extreme-low", "low", "medium", "high", "extreme-high")
# Defaults of the panel: a quick, cheap first result an artist can refine.
PANEL_DEFAULTS = {"tier": "Gen-2.5-Low", "quality": "medium", "strength": 5}


def _items(values, described=None):
    return [(value, value, (described or {}).get(value, "")) for value in values]


class KilnPreferences(bpy.types.AddonPreferences):
    bl_idname = __package__

    server_url: bpy.props.StringProperty(
        name="Server", description="Kiln's address, e.g. http://127.0.0.1:8080 (empty: KILN_URL)", default="")
    api_key: bpy.props.StringProperty(
        name="API key", description="A Kiln API key (empty: KILN_API_KEY)", default="", subtype="PASSWORD")

    def draw(self, context):
        self.layout.prop(self, "server_url")
        self.layout.prop(self, "api_key")


class KilnImagePath(bpy.types.PropertyGroup):
    path: bpy.props.StringProperty(name="Image", subtype="FILE_PATH")


class KilnSettings(bpy.types.PropertyGroup):
    prompt: bpy.props.StringProperty(name="Prompt", description="What to make (text-to-3D)")
    images: bpy.props.CollectionProperty(type=KilnImagePath)
    image_index: bpy.props.IntProperty(default=0)
    tier: bpy.props.EnumProperty(name="Tier", items=_items(TIERS), default=PANEL_DEFAULTS["tier"])
    quality: bpy.props.EnumProperty(name="Quality", items=_items(QUALITIES), default=PANEL_DEFAULTS["quality"],
                                    description="Face budget of the generated mesh")
    texture_mode: bpy.props.EnumProperty(
        name="Texture", items=[("TIER", "From tier", "The tier's default texture mode")] + _items(TEXTURE_MODES),
        default="TIER")
    bang_source: bpy.props.EnumProperty(
        name="Bang", items=[("SELECTED", "Selected object", "Upload the selected object and split it"),
                            ("ASSET", "Asset id", "Split a finished Kiln task by its uuid")], default="SELECTED")
    asset_id: bpy.props.StringProperty(
        name="Asset", description="uuid of a Done generation, texture or convert task (set by each import)")
    strength: bpy.props.IntProperty(name="Strength", min=1, max=12, default=PANEL_DEFAULTS["strength"],
                                    description="Higher splits into more pieces")
    textured_pieces: bpy.props.BoolProperty(
        name="Texture pieces", default=True,
        description="Paint the pieces from the first image (a selected object without images gets none)")


CLASSES = (KilnPreferences, KilnImagePath, KilnSettings)
_register_classes, _unregister_classes = bpy.utils.register_classes_factory(CLASSES)


def register():
    _register_classes()
    bpy.types.Scene.kiln = bpy.props.PointerProperty(type=KilnSettings)


def unregister():
    del bpy.types.Scene.kiln
    _unregister_classes()
