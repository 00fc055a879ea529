// Kiln playground: submit a generation or a Bang with an API key, follow its event stream (or /status), list the downloads and
// show the GLB in 3D (Bang pieces can be exploded). Plain ES module, no build step; three.js comes from
// this server (see src/api/routes/web.ts), never from a CDN.
import { createViewer } from './viewer.js';
import { setupModelTasks } from './model-tasks.js';
import { setupTaskHistory } from './task-history.js';

const $ = (id) => document.getElementById(id);
/** sessionStorage only: the key dies with the tab and is never written to disk by the page. */
const KEY_STORE = 'kiln.apiKey';
const VIEW_LABELS = ['F', 'R', 'B', 'L', 'U', 'D', 'FR', 'BR', 'BL', 'FL'];
/** Without labels the API reads images in this order (views.md); the page proposes the same. */
const DEFAULT_VIEWS = ['F', 'R', 'B', 'L', 'U'];
const MAX_IMAGES = 5;
const POLL_MS = 1000;
const RETRY_MS = 5000;

// ---------- API ----------

class ApiError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/** Calls /api/v2/<path>; any refusal (including a 201 that carries `error`) throws the API's own message. */
async function api(path, { method = 'GET', body, json, empty = false } = {}) {
  const key = sessionStorage.getItem(KEY_STORE);
  if (!key) throw new ApiError('NO_KEY', 'Enter an API key first.');
  const headers = { authorization: `Bearer ${key}` };
  if (json) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  }
  let response;
  try {
    response = await fetch(`/api/v2/${path}`, { method, headers, body });
  } catch (error) {
    throw new ApiError('NETWORK', `Could not reach the server (${error.message}).`);
  }
  if (empty && response.status === 204) return null; // DELETE answers no body
  const data = await response.json().catch(() => null);
  if (data === null)
    throw new ApiError(`HTTP_${response.status}`, `The server answered HTTP ${response.status} without a JSON body.`);
  if (!response.ok || data.error) {
    const retry = response.headers.get('retry-after');
    const message = data.message ?? `HTTP ${response.status}`;
    throw new ApiError(
      data.error ?? `HTTP_${response.status}`,
      retry ? `${message} (retry after ${retry} s)` : message,
    );
  }
  return data;
}

function showMessage(text, kind = 'error') {
  const box = $('message');
  box.textContent = text;
  box.className = `message ${kind}`;
  box.hidden = !text;
}

const describe = (error) =>
  error instanceof ApiError && !error.code.startsWith('HTTP_') && error.code !== 'NETWORK' && error.code !== 'NO_KEY'
    ? `${error.code}: ${error.message}`
    : error.message;

async function refreshBalance() {
  const out = $('balance');
  if (!sessionStorage.getItem(KEY_STORE)) {
    out.textContent = 'Balance: —';
    return;
  }
  try {
    const { balance } = await api('check_balance');
    out.textContent = `Balance: ${balance} credits`;
    out.dataset.balance = String(balance);
  } catch (error) {
    out.textContent = `Balance: ${describe(error)}`;
  }
}

// ---------- key ----------

$('key-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const key = $('api-key').value.trim();
  if (key) sessionStorage.setItem(KEY_STORE, key);
  showMessage('');
  refreshBalance();
});
$('forget-key').addEventListener('click', () => {
  sessionStorage.removeItem(KEY_STORE);
  $('api-key').value = '';
  refreshBalance();
});

// ---------- tabs ----------

function selectTab(name) {
  for (const tab of ['generate', 'bang', 'texture', 'convert', 'rig']) {
    $(`tab-${tab}`).setAttribute('aria-selected', String(tab === name));
    $(`${tab}-form`).hidden = tab !== name;
  }
}
$('tab-generate').addEventListener('click', () => selectTab('generate'));
$('tab-bang').addEventListener('click', () => selectTab('bang'));
$('tab-texture').addEventListener('click', () => selectTab('texture'));
$('tab-convert').addEventListener('click', () => selectTab('convert'));
$('tab-rig').addEventListener('click', () => selectTab('rig'));

// ---------- generation images with view labels ----------

/** @type {{ file: File, label: string, url: string }[]} */
const images = [];

function renderImages() {
  const list = $('image-list');
  list.replaceChildren();
  images.forEach((image, index) => {
    const item = document.createElement('li');
    const thumb = document.createElement('img');
    thumb.src = image.url;
    thumb.alt = '';
    const name = document.createElement('span');
    name.textContent = image.file.name;
    const label = document.createElement('label');
    label.textContent = 'View ';
    const select = document.createElement('select');
    select.setAttribute('aria-label', `View of ${image.file.name}`);
    for (const view of VIEW_LABELS) select.add(new Option(view, view, false, view === image.label));
    select.addEventListener('change', () => (image.label = select.value));
    label.append(select);
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.textContent = 'Remove';
    remove.setAttribute('aria-label', `Remove ${image.file.name}`);
    remove.addEventListener('click', () => {
      URL.revokeObjectURL(image.url);
      images.splice(index, 1);
      renderImages();
    });
    item.append(thumb, name, label, remove);
    list.append(item);
  });
}

$('images').addEventListener('change', (event) => {
  const input = event.target;
  const added = [...input.files];
  const room = MAX_IMAGES - images.length;
  if (added.length > room) showMessage(`At most ${MAX_IMAGES} images: ${added.length - room} not added.`);
  for (const file of added.slice(0, Math.max(0, room))) {
    const used = new Set(images.map((image) => image.label));
    const label = DEFAULT_VIEWS.find((view) => !used.has(view)) ?? 'F';
    images.push({ file, label, url: URL.createObjectURL(file) });
  }
  input.value = ''; // lets the same file be picked again and keeps the list as the one source of truth
  renderImages();
});

// ---------- submissions ----------

$('generate-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const form = event.target;
  const body = new FormData();
  const prompt = form.elements.prompt.value.trim();
  if (prompt) body.append('prompt', prompt);
  for (const image of images) body.append('images', image.file, image.file.name);
  for (const image of images) body.append('image_label', image.label);
  for (const name of ['tier', 'quality', 'geometry_file_format', 'material', 'mesh_mode', 'texture_mode']) {
    if (form.elements[name].value) body.append(name, form.elements[name].value);
  }
  body.append('uhd_texture', String(form.elements.uhd_texture.checked));
  if (form.elements.addons.checked) body.append('addons', 'HighPack');
  submit('generate', body, form);
});

function bangMode() {
  return document.querySelector('input[name="bang-mode"]:checked').value;
}
for (const radio of document.querySelectorAll('input[name="bang-mode"]')) {
  radio.addEventListener('change', () => {
    $('bang-asset').hidden = bangMode() !== 'asset';
    $('bang-model').hidden = bangMode() !== 'model';
  });
}
$('strength').addEventListener('input', () => ($('strength-value').value = $('strength').value));

$('bang-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const form = event.target;
  const body = new FormData();
  if (bangMode() === 'asset') {
    body.append('asset_id', form.elements.asset_id.value.trim());
  } else {
    const model = $('bang-model-file').files[0];
    const image = $('bang-image').files[0];
    if (model) body.append('model', model, model.name);
    if (image) body.append('image', image, image.name);
    if (form.elements.prompt.value.trim()) body.append('prompt', form.elements.prompt.value.trim());
  }
  body.append('strength', form.elements.strength.value);
  if (form.elements.material.value) body.append('material', form.elements.material.value);
  body.append('geometry_file_format', form.elements.geometry_file_format.value);
  submit('bang', body, form);
});

async function submit(endpoint, body, form) {
  const button = form.querySelector('button[type="submit"]');
  button.disabled = true;
  showMessage('');
  try {
    const accepted = await api(endpoint, { method: 'POST', body });
    follow(endpoint, accepted);
    refreshBalance();
  } catch (error) {
    showMessage(describe(error));
  } finally {
    button.disabled = false;
  }
}

// ---------- following a task ----------

let following = 0; // a newer submission stops the older one's polling

/** One line for the task from its jobs: Failed if any failed, Done when all are, else the busiest stage. */
function summarise(jobs) {
  const failed = jobs.find((job) => job.status === 'Failed');
  if (failed)
    return {
      status: 'Failed',
      progress: failed.progress ?? 0,
      text: `Failed — ${failed.error ?? 'UNKNOWN'}: ${failed.message ?? 'no message'}`,
    };
  if (jobs.every((job) => job.status === 'Done')) return { status: 'Done', progress: 100, text: 'Done' };
  const progress = Math.round(jobs.reduce((sum, job) => sum + (job.progress ?? 0), 0) / jobs.length);
  const active = jobs.find((job) => job.status === 'Generating');
  if (!active) return { status: 'Waiting', progress, text: 'Waiting in the queue' };
  return { status: 'Generating', progress, text: `Generating — ${active.stage ?? 'starting'} ${progress}%` };
}

/**
 * Follows the task's event stream: EventSource on the signed events_url of the task record (it cannot
 * send the key). Resolves { status: 'Done', list } or { status: 'Failed' } at the end, or null when the
 * stream is not available or closed for good, so the caller polls /status instead. EventSource itself
 * reconnects after a dropped connection, resuming with Last-Event-ID.
 */
async function followEvents(token, uuid, show) {
  if (typeof EventSource === 'undefined') return null;
  let record;
  try {
    record = await api(`tasks/${uuid}`);
  } catch {
    return null;
  }
  if (!record.events_url) return null;
  return new Promise((resolve) => {
    const source = new EventSource(record.events_url);
    let seen = false;
    const finish = (result) => {
      source.close();
      resolve(result);
    };
    const on = (type, handle) =>
      source.addEventListener(type, (message) => {
        seen = true;
        if (token !== following) return finish(null);
        handle(JSON.parse(message.data));
      });
    on('waiting', (data) =>
      show({ status: 'Waiting', progress: 0, text: `Waiting in the queue (position ${data.position})` }),
    );
    on('started', (data) =>
      show({ status: 'Generating', progress: bar().value, text: `Generating — ${data.stage ?? 'starting'}` }),
    );
    on('progress', (data) =>
      show({
        status: 'Generating',
        progress: data.progress,
        text: `Generating — ${data.stage ?? 'starting'} ${data.progress}%`,
      }),
    );
    on('done', (data) => {
      show({ status: 'Done', progress: 100, text: 'Done' });
      finish({ status: 'Done', list: data.list });
    });
    on('failed', (data) => {
      show({ status: 'Failed', progress: bar().value, text: `Failed — ${data.error}: ${data.message}` });
      finish({ status: 'Failed' });
    });
    source.onerror = () => {
      if (!seen || source.readyState === EventSource.CLOSED) finish(null);
    };
  });
}

const bar = () => $('task-progress');

async function follow(kind, accepted) {
  const token = ++following;
  $('task-empty').hidden = true;
  $('task').hidden = false;
  $('task-uuid').textContent = accepted.uuid;
  $('task-consumed').textContent = `${accepted.consumed} credits`;
  $('downloads').replaceChildren();
  $('bang-this').hidden = true;
  $('explode-row').hidden = true;
  $('clip-row').hidden = true;
  viewer.clear();
  const status = $('task-status');
  const bar = $('task-progress');
  status.textContent = 'Submitted';
  delete status.dataset.status;
  bar.value = 0;
  const show = (line) => {
    status.textContent = line.text;
    status.dataset.status = line.status;
    bar.value = line.progress;
  };
  const streamed = await followEvents(token, accepted.uuid, show);
  if (token !== following) return;
  if (streamed?.status === 'Failed') {
    refreshBalance(); // failed tasks are refunded
    return;
  }
  for (;;) {
    if (streamed?.status === 'Done') break; // the stream said so; otherwise poll /status
    let line;
    try {
      const { jobs } = await api('status', {
        method: 'POST',
        json: { subscription_key: accepted.jobs.subscription_key },
      });
      line = summarise(jobs);
    } catch (error) {
      if (token !== following) return;
      const transient =
        ['NETWORK', 'RATE_LIMITED', 'API_PARALLELISM_LIMIT_REACHED'].includes(error.code) ||
        error.code.startsWith('HTTP_5');
      status.textContent = `Status check failed — ${describe(error)}${transient ? '; retrying' : ''}`;
      if (!transient) return;
      await new Promise((done) => setTimeout(done, RETRY_MS));
      continue;
    }
    if (token !== following) return;
    status.textContent = line.text;
    status.dataset.status = line.status;
    bar.value = line.progress;
    if (line.status === 'Failed') {
      refreshBalance(); // failed tasks are refunded
      return;
    }
    if (line.status === 'Done') break;
    await new Promise((done) => setTimeout(done, POLL_MS));
  }
  try {
    const { list } = streamed?.list
      ? streamed
      : await api('download', { method: 'POST', json: { task_uuid: accepted.uuid } });
    if (token !== following) return;
    showDownloads(list);
    if (kind !== 'bang') $('bang-this').hidden = false;
    // The light model first: the Extreme-High high-poly mesh (millions of faces) only on request.
    const glb =
      ['base_basic_pbr.glb', 'base_basic_shaded.glb']
        .map((name) => list.find((item) => item.name === name))
        .find(Boolean) ?? list.find((item) => item.name.endsWith('.glb') && !item.name.includes('highpoly'));
    if (glb) await viewer.load(glb.url);
    else viewer.note('This result has no GLB to show here; download the files below.');
  } catch (error) {
    showMessage(describe(error));
  }
}

function showDownloads(list) {
  const items = list.map(({ name, url }) => {
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.textContent = name;
    item.append(link);
    if (name.endsWith('.glb')) {
      const show = document.createElement('button');
      show.type = 'button';
      show.className = 'show';
      show.textContent = 'Show in 3D';
      show.setAttribute('aria-label', `Show ${name} in 3D`);
      show.addEventListener('click', () => viewer.load(url));
      item.append(' ', show);
    }
    return item;
  });
  $('downloads').replaceChildren(...items);
}

$('bang-this').addEventListener('click', () => {
  $('asset-id').value = $('task-uuid').textContent;
  document.querySelector('input[name="bang-mode"][value="asset"]').click();
  selectTab('bang');
  $('strength').focus();
});

const viewer = createViewer({
  element: $('viewer'),
  canvas: $('viewer-canvas'),
  noteElement: $('viewer-note'),
  onLoaded({ parts, clips, playing }) {
    // A rigged model's clips: a picker plays the chosen one in a loop.
    $('clip-row').hidden = clips.length === 0;
    $('clip').replaceChildren(
      ...clips.map((name) => {
        const option = document.createElement('option');
        option.value = name;
        option.textContent = name;
        option.selected = name === playing;
        return option;
      }),
    );
    $('explode-row').hidden = parts === 0;
    $('explode').value = '0';
    $('explode-value').value = '0%';
  },
});

$('clip').addEventListener('change', () => viewer.play($('clip').value));

$('explode').addEventListener('input', () => {
  const amount = Number($('explode').value) / 100;
  $('explode-value').value = `${$('explode').value}%`;
  viewer.explode(amount);
});

setupModelTasks({ submit, showMessage });
const history = setupTaskHistory({ api, showMessage, describe, refreshBalance });

// ---------- start ----------

const saved = sessionStorage.getItem(KEY_STORE);
if (saved) $('api-key').value = saved;
refreshBalance();
history.load();
document.body.dataset.ready = 'true';
