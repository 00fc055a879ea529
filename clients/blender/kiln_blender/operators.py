"""The panel's buttons. Each job operator checks its input, does the bpy half that must come first
(exporting the selection) on the main thread, and hands the network half to a background job."""

import os
import tempfile

import bpy

from . import scene_io
from .client import KilnError, connect
from .jobs import MANAGER

MAX_IMAGES = 5


def _preferences(context):
    return context.preferences.addons[__package__].preferences


def _image_paths(settings):
    return [bpy.path.abspath(item.path) for item in settings.images if item.path.strip()]


def _checked_images(operator, settings, least):
    paths = _image_paths(settings)
    missing = [path for path in paths if not os.path.isfile(path)]
    if missing:
        operator.report({"ERROR"}, "Kiln: image not found: %s" % missing[0])
        return None
    if not least <= len(paths) <= MAX_IMAGES:
        operator.report({"ERROR"}, "Kiln: add %d to %d images in the Images list (it has %d)." % (
            least, MAX_IMAGES, len(paths)))
        return None
    return paths


def _client(operator, context):
    try:
        return connect(_preferences(context))
    except KilnError as error:
        operator.report({"ERROR"}, "Kiln: %s (set it in the panel's Server box)" % error.message)
        return None


def _importer(label, hide=(), remember_asset=True):
    """The main-thread half of a job: import the model as its own collection, tag each object with its
    task, hide the objects it replaces, and offer the task as the next Bang's asset."""

    def on_files(job):
        context = bpy.context
        objects = scene_io.import_model(context, scene_io.model_file(job.files),
                                        "Kiln %s %s" % (label, job.task_uuid[:8]))
        for obj in objects:
            obj["kiln_task"] = job.task_uuid
        for name in hide:
            original = bpy.data.objects.get(name)
            if original is not None:
                original.hide_set(True)
        if remember_asset:
            context.scene.kiln.asset_id = job.task_uuid
        return objects

    return on_files


def _export_selection(operator, context):
    path = os.path.join(tempfile.mkdtemp(prefix="kiln-upload-"), "selection.glb")
    try:
        meshes = scene_io.export_selection(context, path)
    except (ValueError, RuntimeError) as error:
        operator.report({"ERROR"}, "Kiln: %s" % error)
        return None, ()
    return path, tuple(obj.name for obj in meshes)


def _start(operator, context, label, submit, on_files):
    """Hands the job to the background (the operator returns at once) and says so in the status bar."""
    kiln = _client(operator, context)
    if kiln is None:
        return {"CANCELLED"}
    MANAGER.start(label, submit, on_files, kiln)
    operator.report({"INFO"}, "Kiln: %s submitted" % label)
    return {"FINISHED"}


def _common_fields(settings):
    fields = {"geometry_file_format": "glb"}
    if settings.texture_mode != "TIER":
        fields["texture_mode"] = settings.texture_mode
    return fields


class KILN_OT_generate(bpy.types.Operator):
    """Generate a textured model with Kiln and import it"""

    bl_idname = "kiln.generate"
    bl_label = "Generate"
    source: bpy.props.EnumProperty(items=[("PROMPT", "Prompt", "Text-to-3D from the prompt"),
                                          ("IMAGES", "Images", "Image-to-3D from the Images list")])

    def execute(self, context):
        settings = context.scene.kiln
        fields = dict(_common_fields(settings), tier=settings.tier, quality=settings.quality)
        if self.source == "PROMPT":
            prompt = settings.prompt.strip()
            if not prompt:
                self.report({"ERROR"}, "Kiln: type a prompt first.")
                return {"CANCELLED"}
            images, label = [], prompt[:32]
        else:
            images = _checked_images(self, settings, 1)
            if images is None:
                return {"CANCELLED"}
            prompt, label = settings.prompt.strip() or None, os.path.basename(images[0])
        return _start(self, context, "Generate " + label,
                      lambda k: k.generate(prompt=prompt, images=images, **fields), _importer("generate"))


class KILN_OT_bang(bpy.types.Operator):
    """Split the selected object (or an asset) into pieces with Kiln's Bang and import each as an object"""

    bl_idname = "kiln.bang"
    bl_label = "Bang"

    def execute(self, context):
        settings = context.scene.kiln
        images = _image_paths(settings) if settings.textured_pieces else []
        options = {"strength": settings.strength, "geometry_file_format": "glb"}
        if settings.bang_source == "ASSET":
            active = context.active_object
            asset = settings.asset_id.strip() or (active.get("kiln_task") if active else None)
            if not asset:
                self.report({"ERROR"}, "Kiln: give an asset id (the uuid of a Done task) or select a Kiln import.")
                return {"CANCELLED"}
            if not settings.textured_pieces:
                options["material"] = "None"
            submit, hide, label = (lambda k: k.bang(asset=asset, **options)), (), "asset " + asset[:8]
        else:
            path, hide = _export_selection(self, context)
            if path is None:
                return {"CANCELLED"}
            if not images:  # a custom model is painted from a reference image, or not at all
                options["material"] = "None"
            reference = images[0] if images else None
            submit, label = (lambda k: k.bang(model=path, image=reference, **options)), hide[0]
        return _start(self, context, "Bang " + label, submit, _importer("bang", hide=hide, remember_asset=False))


class KILN_OT_texture(bpy.types.Operator):
    """Paint the selected object from the Images list with Kiln, keeping its geometry"""

    bl_idname = "kiln.texture"
    bl_label = "Retexture"

    @classmethod
    def poll(cls, context):
        return any(obj.type == "MESH" for obj in context.selected_objects)

    def execute(self, context):
        settings = context.scene.kiln
        images = _checked_images(self, settings, 1)
        if images is None:
            return {"CANCELLED"}
        path, hide = _export_selection(self, context)
        if path is None:
            return {"CANCELLED"}
        fields = _common_fields(settings)
        return _start(self, context, "Retexture " + hide[0],
                      lambda k: k.texture(images=images, model=path, **fields), _importer("texture", hide=hide))


class KILN_OT_add_images(bpy.types.Operator):
    """Add pictures to the Images list (1 to 5)"""

    bl_idname = "kiln.add_images"
    bl_label = "Add images"
    directory: bpy.props.StringProperty(subtype="DIR_PATH")
    files: bpy.props.CollectionProperty(type=bpy.types.OperatorFileListElement)
    filter_image: bpy.props.BoolProperty(default=True, options={"HIDDEN"})
    filter_folder: bpy.props.BoolProperty(default=True, options={"HIDDEN"})

    def invoke(self, context, event):
        context.window_manager.fileselect_add(self)
        return {"RUNNING_MODAL"}

    def execute(self, context):
        settings = context.scene.kiln
        for entry in self.files:
            if entry.name and len(settings.images) < MAX_IMAGES:
                settings.images.add().path = os.path.join(self.directory, entry.name)
        return {"FINISHED"}


class KILN_OT_remove_image(bpy.types.Operator):
    """Remove the highlighted image from the list"""

    bl_idname = "kiln.remove_image"
    bl_label = "Remove image"

    def execute(self, context):
        settings = context.scene.kiln
        if 0 <= settings.image_index < len(settings.images):
            settings.images.remove(settings.image_index)
            settings.image_index = max(0, settings.image_index - 1)
        return {"FINISHED"}


class KILN_OT_check_server(bpy.types.Operator):
    """Check the server and key: shows the account's credits"""

    bl_idname = "kiln.check_server"
    bl_label = "Check"

    def execute(self, context):
        kiln = _client(self, context)
        if kiln is None:
            return {"CANCELLED"}
        kiln.max_retries, kiln.request_timeout = 0, 5.0  # an answer now, not after a minute of back-off
        try:
            self.report({"INFO"}, "Kiln at %s: %s credits" % (kiln.base_url, kiln.balance()))
        except KilnError as error:
            self.report({"ERROR"}, "Kiln: %s" % error)
            return {"CANCELLED"}
        return {"FINISHED"}


class KILN_OT_job_action(bpy.types.Operator):
    """Cancel a running job's task, or dismiss an ended job"""

    bl_idname = "kiln.job_action"
    bl_label = "Job"
    job_id: bpy.props.StringProperty()
    action: bpy.props.EnumProperty(items=[("CANCEL", "Cancel", ""), ("DISMISS", "Dismiss", "")])

    def execute(self, context):
        job = MANAGER.find(self.job_id)
        if job is None:
            return {"CANCELLED"}
        if self.action == "CANCEL":
            job.cancel()
        else:
            MANAGER.dismiss(self.job_id)
        return {"FINISHED"}


CLASSES = (KILN_OT_generate, KILN_OT_bang, KILN_OT_texture, KILN_OT_add_images, KILN_OT_remove_image,
           KILN_OT_check_server, KILN_OT_job_action)
register, unregister = bpy.utils.register_classes_factory(CLASSES)
