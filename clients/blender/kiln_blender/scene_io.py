"""Models in and out of the scene (main thread only): the selected objects exported to a GLB for
upload, and a task's downloaded model imported into a collection of its own."""

import os

import bpy

# The model file a Kiln task writes, per requested geometry_file_format (the add-on always asks for glb).
MODEL_FILE_SUFFIXES = (".glb", ".gltf")


def ensure_numpy_compat():
    """Blender 3.4's glTF add-on still uses numpy.bool, which numpy 1.24 removed; restore the alias."""
    try:
        import numpy
    except ImportError:
        return
    if "bool" not in numpy.__dict__:
        numpy.bool = bool


def export_selection(context, path):
    """Writes the selection (modifiers and transforms applied) to a GLB at `path`; it must hold a mesh."""
    ensure_numpy_compat()
    meshes = [obj for obj in context.selected_objects if obj.type == "MESH"]
    if not meshes:
        raise ValueError("Select a mesh object first.")
    bpy.ops.export_scene.gltf(filepath=path, export_format="GLB", use_selection=True, export_apply=True,
                              export_materials="EXPORT", export_yup=True)
    if not os.path.exists(path):
        raise RuntimeError("The glTF exporter wrote nothing to %s." % path)
    return meshes


def import_model(context, path, collection_name):
    """Imports a GLB/glTF into a new collection; returns the objects it created (each piece its own)."""
    ensure_numpy_compat()
    collection = bpy.data.collections.new(collection_name)
    context.scene.collection.children.link(collection)
    layer = _layer_collection(context.view_layer.layer_collection, collection)
    previous = context.view_layer.active_layer_collection
    context.view_layer.active_layer_collection = layer
    before = set(bpy.data.objects)
    try:
        bpy.ops.import_scene.gltf(filepath=path)
    finally:
        context.view_layer.active_layer_collection = previous
    created = [obj for obj in bpy.data.objects if obj not in before]
    for obj in created:
        if collection not in obj.users_collection:
            for other in list(obj.users_collection):
                other.objects.unlink(obj)
            collection.objects.link(obj)
    return created


def _layer_collection(layer, collection):
    if layer.collection == collection:
        return layer
    for child in layer.children:
        found = _layer_collection(child, collection)
        if found is not None:
            return found
    return None


def model_file(files):
    """The model among a task's downloaded files (the first GLB/glTF), or an error saying what came."""
    for path in files:
        if os.path.splitext(path)[1].lower() in MODEL_FILE_SUFFIXES:
            return path
    raise RuntimeError("The task returned no GLB: %s" % [os.path.basename(path) for path in files])
