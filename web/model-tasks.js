// The Texture, Convert and Rig tabs of the playground: a finished task (asset_id) or an uploaded model,
// and the fields of /api/v2/texture, /api/v2/convert and /api/v2/rig. Submission and following are the
// playground's own (a rigged GLB's clips then play in the 3D view, with a clip picker).

const $ = (id) => document.getElementById(id);

// The two forms, described once and rendered by renderForm (the first option of a select is its default).
const MODEL_FORMATS = 'obj, glb, stl, fbx, usd, usda, usdc, usdz';
const MODEL_ACCEPT = '.obj,.glb,.gltf,.stl,.fbx,.usd,.usda,.usdc,.usdz';
const FORMAT = { name: 'geometry_file_format', label: 'Format', options: ['glb', 'usdz', 'fbx', 'obj', 'stl'] };
const MATERIAL = { name: 'material', label: 'Material', options: ['PBR', 'Shaded', 'All'] };

function appendPictures(body) {
  const pictures = [...$('texture-images').files];
  if (pictures.length < 1 || pictures.length > 5) throw new Error('Choose 1 to 5 pictures to project onto the model.');
  for (const picture of pictures) body.append('image', picture, picture.name);
}

// Each form: its source note, extra inputs after the source (and how they are sent), the option grid
// (sent in order when not empty) and the submit button.
const FORMS = {
  texture: {
    legend: 'Texture',
    modelNote: `${MODEL_FORMATS}; its geometry is kept`,
    afterSource: `
      <label for="texture-images">Pictures <small>(1–5, projected onto the model)</small></label>
      <input id="texture-images" name="image" type="file" accept="image/*" multiple>
      <label for="texture-labels">Views <small>(optional, one per picture: F, R, B, L, U …; default F, R, B, L, U)</small></label>
      <input id="texture-labels" name="image_label" spellcheck="false" placeholder="F, R">`,
    appendFiles: appendPictures,
    textFields: ['image_label'],
    fields: [
      {
        name: 'resolution',
        label: 'Resolution',
        options: [
          ['Basic', 'Basic (2K)'],
          ['High', 'High (4K)'],
        ],
      },
      {
        id: 'keep-uvs',
        name: 'keep_uvs',
        label: 'UVs',
        options: [
          ['', 'keep when usable'],
          ['true', 'keep'],
          ['false', 'new atlas'],
        ],
      },
      MATERIAL,
      FORMAT,
    ],
    button: 'Texture (0.5 credits)',
  },
  convert: {
    legend: 'Convert',
    modelNote: MODEL_FORMATS,
    afterSource: '',
    fields: [
      FORMAT,
      {
        id: 'faces',
        name: 'quality_override',
        label: 'Faces <small>(exact; empty keeps)</small>',
        input: 'type="number" min="12" max="2000000" step="1" placeholder="20000"',
      },
      { name: 'mesh_mode', label: 'Mesh', options: [['Raw', 'Raw (triangles)'], 'Quad'] },
      { name: 'uv', label: 'UVs', options: ['keep', ['new', 'new atlas']] },
      {
        name: 'texture_resolution',
        label: 'Texture size',
        options: [
          ['', 'unchanged'],
          ['1024', '1K'],
          ['2048', '2K'],
          ['4096', '4K'],
        ],
      },
      {
        name: 'scale_to',
        label: 'Largest side (m)',
        input: 'type="number" min="0.0001" step="any" placeholder="unchanged"',
      },
      { name: 'pivot', label: 'Pivot', options: ['keep', 'centre', ['bottom-centre', 'bottom centre']] },
      { name: 'up_axis', label: 'Up axis', options: ['Y', 'Z'] },
      { ...MATERIAL, options: [...MATERIAL.options, 'None'] },
    ],
    button: 'Convert (0.1 credits)',
  },
  rig: {
    legend: 'Rig',
    modelNote: `${MODEL_FORMATS}; a standing humanoid or four-legged animal`,
    afterSource: '',
    fields: [
      { name: 'rig_type', label: 'Rig type', options: [['auto', 'auto (from the shape)'], 'humanoid', 'quadruped'] },
      {
        name: 'animations',
        label: 'Clips <small>(idle, walk, run, jump, wave, trot)</small>',
        input: 'spellcheck="false" placeholder="idle,walk"',
      },
      { name: 'geometry_file_format', label: 'Format', options: ['glb', 'fbx'] },
      {
        id: 'height',
        name: 'height_meters',
        label: 'Height (m)',
        input: 'type="number" min="0.01" step="any" placeholder="unchanged"',
      },
    ],
    button: 'Rig (0.5 credits)',
  },
};

/** One grid cell: a labelled select (options as value or [value, text]) or a labelled input. */
function fieldHtml(task, { id, name, label, options, input }) {
  const fieldId = `${task}-${id ?? name.replaceAll('_', '-')}`;
  const control = options
    ? `<select id="${fieldId}" name="${name}">${options
        .map((option) => (Array.isArray(option) ? option : [option, option]))
        .map(([value, text]) => `<option value="${value}">${text}</option>`)
        .join('')}</select>`
    : `<input id="${fieldId}" name="${name}" ${input}>`;
  return `<div class="field"><label for="${fieldId}">${label}</label>${control}</div>`;
}

/** Fills the empty form of a tab: source (finished task or model file), extra inputs, option grid, button. */
function renderForm(task) {
  const { legend, modelNote, afterSource, fields, button } = FORMS[task];
  $(`${task}-form`).innerHTML = `
    <fieldset class="modes">
      <legend>${legend}</legend>
      <label><input type="radio" name="${task}-mode" value="asset" checked> a finished task</label>
      <label><input type="radio" name="${task}-mode" value="model"> my model file</label>
    </fieldset>
    <div id="${task}-asset">
      <label for="${task}-asset-id">Asset id <small>(the uuid of a Done generation, texture or convert task)</small></label>
      <input id="${task}-asset-id" name="asset_id" spellcheck="false" placeholder="6f0c…">
    </div>
    <div id="${task}-model" hidden>
      <label for="${task}-model-file">Model <small>(${modelNote})</small></label>
      <input id="${task}-model-file" name="model" type="file" accept="${MODEL_ACCEPT}">
    </div>${afterSource}
    <div class="grid">${fields.map((field) => fieldHtml(task, field)).join('')}</div>
    <button type="submit" class="primary">${button}</button>`;
}

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

/** Renders and wires the tabs; `submit(endpoint, body, form)` and `showMessage(text)` come from the playground. */
export function setupModelTasks({ submit, showMessage }) {
  for (const name of ['texture', 'convert', 'rig']) {
    renderForm(name);
    for (const radio of document.querySelectorAll(`input[name="${name}-mode"]`)) {
      radio.addEventListener('change', () => {
        $(`${name}-asset`).hidden = modeOf(name) !== 'asset';
        $(`${name}-model`).hidden = modeOf(name) !== 'model';
      });
    }
    $(`${name}-form`).addEventListener('submit', (event) => {
      event.preventDefault();
      const form = event.target;
      const { appendFiles, textFields = [], fields } = FORMS[name];
      const body = new FormData();
      try {
        appendSource(name, body);
        appendFiles?.(body);
      } catch (error) {
        showMessage(error.message);
        return;
      }
      appendFields(form, body, [...textFields, ...fields.map((field) => field.name)]);
      submit(name, body, form);
    });
  }
}
