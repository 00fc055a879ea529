"""The N panel (View3D > Sidebar > Kiln): server, generate, Bang, retexture, and the jobs' progress."""

import bpy

from .jobs import MANAGER


class KILN_UL_images(bpy.types.UIList):
    def draw_item(self, context, layout, data, item, icon, active_data, active_propname, index):
        layout.prop(item, "path", text="", emboss=False, icon="IMAGE_DATA")


class KILN_PT_panel(bpy.types.Panel):
    bl_label = "Kiln"
    bl_idname = "KILN_PT_panel"
    bl_space_type = "VIEW_3D"
    bl_region_type = "UI"
    bl_category = "Kiln"

    def draw(self, context):
        layout = self.layout
        settings = context.scene.kiln
        preferences = context.preferences.addons[__package__].preferences

        box = layout.box()
        box.label(text="Server", icon="WORLD")
        box.prop(preferences, "server_url", text="")
        box.prop(preferences, "api_key", text="Key")
        box.operator("kiln.check_server", icon="CHECKMARK")

        box = layout.box()
        box.label(text="Generate", icon="MESH_MONKEY")
        box.prop(settings, "prompt", text="")
        row = box.row()
        row.template_list("KILN_UL_images", "", settings, "images", settings, "image_index", rows=2)
        buttons = row.column(align=True)
        buttons.operator("kiln.add_images", text="", icon="ADD")
        buttons.operator("kiln.remove_image", text="", icon="REMOVE")
        box.prop(settings, "tier")
        box.prop(settings, "quality")
        box.prop(settings, "texture_mode")
        row = box.row(align=True)
        row.operator("kiln.generate", text="From prompt").source = "PROMPT"
        row.operator("kiln.generate", text="From images").source = "IMAGES"

        box = layout.box()
        box.label(text="Bang: split into pieces", icon="MOD_EXPLODE")
        box.prop(settings, "bang_source", expand=True)
        if settings.bang_source == "ASSET":
            box.prop(settings, "asset_id")
        box.prop(settings, "strength")
        box.prop(settings, "textured_pieces")
        box.operator("kiln.bang", icon="MOD_EXPLODE")

        box = layout.box()
        box.label(text="Retexture the selection from the images", icon="TEXTURE")
        box.operator("kiln.texture", icon="BRUSH_DATA")

        if MANAGER.jobs:
            box = layout.box()
            box.label(text="Jobs", icon="SORTTIME")
            for job in reversed(MANAGER.jobs):
                row = box.row()
                row.alert = job.status in ("Failed", "Cancelled")
                row.label(text=job.label)
                row.label(text=job.summary())
                action = "CANCEL" if job.active else "DISMISS"
                op = row.operator("kiln.job_action", text="", icon="CANCEL" if job.active else "X")
                op.job_id, op.action = job.id, action


CLASSES = (KILN_UL_images, KILN_PT_panel)
register, unregister = bpy.utils.register_classes_factory(CLASSES)
