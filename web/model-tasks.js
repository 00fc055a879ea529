// The Texture and Convert tabs of the playground: a finished task (asset_id) or an uploaded model, and
// the fields of /api/v2/texture and /api/v2/convert. Submission and following are the playground's own.

const $ = (id) => document.getElementById(id);

function modeOf(name) {
  return document.querySelector(`input[name="${name}-mode"]:checked`).value;
}

/** Asset or model, per the tab's radio buttons; refuses locally when the chosen one is missing. */
function appendSource(name, body) {
  if (modeOf(name) === 'asset') {
    const id = $(`${name}-asset-id`).value.trim();
    if (!id) throw new Error('Enter the asset id of a finished task, or choose "my own model".');
    body.append('asset_id', id);
  } else {
    const model = $(`${name}-model-file`).files[0];
    if (!model) throw new Error('Choose a model file, or a finished task by its asset id.');
    body.append('model', model, model.name);
  }
}

function appendFields(form, body, names) {
  for (const field of names) {
    const value = form.elements[field].value.trim();
    if (value) body.append(field, value);
  }
}

/** Wires both tabs; `submit(endpoint, body, form)` and `showMessage(text)` come from the playground. */
export function setupModelTasks({ submit, showMessage }) {
  for (const name of ['texture', 'convert']) {
    for (const radio of document.querySelectorAll(`input[name="${name}-mode"]`)) {
      radio.addEventListener('change', () => {
        $(`${name}-asset`).hidden = modeOf(name) !== 'asset';
        $(`${name}-model`).hidden = modeOf(name) !== 'model';
      });
    }
  }
  $('texture-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const form = event.target;
    const body = new FormData();
    try {
      appendSource('texture', body);
      const pictures = [...$('texture-images').files];
      if (pictures.length < 1 || pictures.length > 5) throw new Error('Choose 1 to 5 pictures to project onto the model.');
      for (const picture of pictures) body.append('image', picture, picture.name);
    } catch (error) {
      showMessage(error.message);
      return;
    }
    appendFields(form, body, ['image_label', 'resolution', 'keep_uvs', 'material', 'geometry_file_format']);
    submit('texture', body, form);
  });
  $('convert-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const form = event.target;
    const body = new FormData();
    try {
      appendSource('convert', body);
    } catch (error) {
      showMessage(error.message);
      return;
    }
    appendFields(form, body, ['geometry_file_format', 'quality_override', 'mesh_mode', 'uv', 'texture_resolution', 'scale_to', 'pivot', 'up_axis', 'material']);
    submit('convert', body, form);
  });
}
