"""Run inside Blender by test/clients/blender.test.ts:

    blender --background --factory-startup --python-exit-code 1 --python headless_test.py

Installs the add-on from the zip package.py built, points it at the live Kiln in KILN_URL / KILN_API_KEY,
and presses the panel's buttons: generate from a prompt, then, on the result, Bang of the selected
object, Bang of the asset, retexture, and generate from an image. Timers do not fire in background mode,
so the script drives the add-on's own main-thread tick until the jobs end, then checks the scene: models
with textured materials, Bang pieces as separate objects. Prints one KILN_BLENDER_RESULT line (JSON).
"""

import json
import os
import sys
import traceback

import bpy

TIMEOUT = float(os.environ.get("KILN_JOB_TIMEOUT", "900"))


def drive():
    """Runs the add-on's main-thread tick until every job ends; returns each job's summaries on the way."""
    from kiln_blender import jobs

    seen = {}

    def record(all_jobs):
        for job in all_jobs:
            summaries = seen.setdefault(job.label, [])
            if not summaries or summaries[-1] != job.summary():
                summaries.append(job.summary())

    jobs.run_until_idle(TIMEOUT, on_tick=record)
    return seen


def textures_of(obj):
    """(width, height) of every image texture in the object's materials."""
    sizes = []
    for slot in obj.material_slots:
        if slot.material and slot.material.use_nodes:
            for node in slot.material.node_tree.nodes:
                if node.type == "TEX_IMAGE" and node.image is not None:
                    sizes.append(tuple(node.image.size))
    return sizes


def describe(job):
    objects = [bpy.data.objects[name] for name in job.objects]
    meshes = [obj for obj in objects if obj.type == "MESH"]
    return {
        "status": job.status,
        "error": job.error,
        "task": job.task_uuid,
        "meshes": [obj.name for obj in meshes],
        "with_material": sum(1 for obj in meshes if any(slot.material for slot in obj.material_slots)),
        "textures": sorted({size for obj in meshes for size in textures_of(obj)}),
        "collections": sorted({c.name for obj in meshes for c in obj.users_collection}),
        "tagged": all(obj.get("kiln_task") == job.task_uuid for obj in meshes),
    }


class RecordingLayout:
    """Stands in for the panel's UILayout (background mode has no UI): checks that every property and
    operator the panel draws exists, so a typo in panel.py fails here rather than in an artist's sidebar."""

    def __init__(self, drawn):
        self.drawn = drawn
        self.alert = False

    def box(self):
        return self

    def row(self, **_):
        return self

    def column(self, **_):
        return self

    def label(self, text="", **_):
        self.drawn.append("label:" + text)

    def prop(self, data, name, **_):
        assert name in data.bl_rna.properties.keys(), "panel draws unknown property %s.%s" % (data, name)
        self.drawn.append("prop:" + name)

    def operator(self, idname, **_):
        group, name = idname.split(".")
        operator = getattr(getattr(bpy.ops, group), name)
        operator.get_rna_type()  # raises KeyError for an operator that is not registered
        self.drawn.append("operator:" + idname)
        return type("OperatorProperties", (), {})()

    def template_list(self, list_type, list_id, data, name, active_data, active_name, **_):
        assert hasattr(bpy.types, list_type), list_type
        for owner, prop in ((data, name), (active_data, active_name)):
            assert prop in owner.bl_rna.properties.keys(), prop
        self.drawn.append("list:" + name)


def draw_panel():
    from kiln_blender import panel

    drawn = []
    panel.KILN_PT_panel.draw(type("Panel", (), {"layout": RecordingLayout(drawn)})(), bpy.context)
    return drawn


def main():
    bpy.ops.preferences.addon_install(filepath=os.environ["KILN_ADDON_ZIP"], overwrite=True)
    bpy.ops.preferences.addon_enable(module="kiln_blender")
    import kiln_blender
    from kiln_blender import jobs

    result = {"client": os.path.relpath(kiln_blender.client.kiln_client.__file__,
                                        os.path.dirname(kiln_blender.__file__))}
    result["panel_registered"] = hasattr(bpy.types, "KILN_PT_panel")
    preferences = bpy.context.preferences.addons["kiln_blender"].preferences
    preferences.server_url = os.environ["KILN_URL"]
    preferences.api_key = os.environ["KILN_API_KEY"]
    result["check_server"] = list(bpy.ops.kiln.check_server())

    # The factory scene's cube, camera and light go: only Kiln's objects remain to check.
    bpy.ops.object.select_all(action="SELECT")
    bpy.ops.object.delete()

    settings = bpy.context.scene.kiln
    # Input the job cannot use is refused before anything is sent (ERROR reports raise RuntimeError here).
    result["refusals"] = {}
    for name, press in (("empty_prompt", lambda: bpy.ops.kiln.generate(source="PROMPT")),
                        ("no_images", lambda: bpy.ops.kiln.generate(source="IMAGES")),
                        ("bang_nothing_selected", lambda: bpy.ops.kiln.bang())):
        try:
            result["refusals"][name] = "accepted: %s" % press()
        except RuntimeError as error:
            result["refusals"][name] = str(error).strip()
    result["jobs_after_refusals"] = len(jobs.MANAGER.jobs)
    settings.prompt = "a wooden table with four legs"
    settings.tier = "Gen-2.5-Extreme-Low"
    settings.quality = "extra-low"
    result["generate_prompt"] = list(bpy.ops.kiln.generate(source="PROMPT"))
    first = jobs.MANAGER.jobs[0]
    result["returned_while_running"] = first.active
    result["timer_registered"] = bpy.app.timers.is_registered(jobs.tick)
    progress = drive()
    result["generated"] = describe(first)
    result["asset_id_remembered"] = settings.asset_id == first.task_uuid

    # The generated model, selected, is Banged (uploaded as a GLB), retextured, and Banged as an asset.
    generated = [bpy.data.objects[name] for name in first.objects if bpy.data.objects[name].type == "MESH"]
    bpy.ops.object.select_all(action="DESELECT")
    for obj in generated:
        obj.select_set(True)
    bpy.context.view_layer.objects.active = generated[0]
    settings.images.add().path = os.environ["KILN_TEST_IMAGE"]
    settings.strength = 2
    settings.bang_source = "SELECTED"
    result["bang_selected"] = list(bpy.ops.kiln.bang())
    result["texture"] = list(bpy.ops.kiln.texture())
    settings.bang_source = "ASSET"
    result["bang_asset"] = list(bpy.ops.kiln.bang())
    result["generate_images"] = list(bpy.ops.kiln.generate(source="IMAGES"))
    for label, seen in drive().items():
        progress.setdefault(label, seen)
    result["progress"] = progress
    names = ("bang_selected", "texture", "bang_asset", "generate_images")
    result["jobs"] = {name: dict(describe(job), label=job.label) for name, job in zip(names, jobs.MANAGER.jobs[1:])}
    result["originals_hidden"] = all(obj.hide_get() for obj in generated)
    result["panel"] = draw_panel()
    print("KILN_BLENDER_RESULT " + json.dumps(result))


try:
    main()
except Exception:  # noqa: BLE001 - the node test reads the exit code and this trace
    traceback.print_exc()
    sys.stdout.flush()
    sys.exit(1)
sys.stdout.flush()
