// The playground's 3D view: three.js WebGL renderer, orbit controls, a room environment for PBR metals,
// GLB loading with honest errors, the Bang explode of `part_NN` nodes and a rigged model's clips playing.
// Served from this server.
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { RoomEnvironment } from 'three/addons/environments/RoomEnvironment.js';

/** Bang pieces are nodes named part_01, part_02, … (src/geometry/export/parts.ts). */
const PART_NAME = /^part_\d+$/;
/** At full explode each piece moves this fraction of the model's radius away from the centre. */
const EXPLODE_REACH = 0.6;

/**
 * The 3D view in `element` (holding `canvas` and `note`): load(url) fetches a GLB and shows it, clear(),
 * note(text), explode(0..1) moves `part_NN` nodes outward. State for tests and styles goes into
 * element.dataset: state (empty|loading|loaded|error), nodes (node count below the scene), parts.
 */
export function createViewer({ element, canvas, noteElement, onLoaded = () => {} }) {
  const scene = new THREE.Scene();
  scene.background = new THREE.Color(0xeef0f3);
  // The room environment (set with the renderer) lights from all sides; one key light adds shape.
  const sun = new THREE.DirectionalLight(0xffffff, 1.2);
  sun.position.set(3, 5, 4);
  scene.add(sun);
  const camera = new THREE.PerspectiveCamera(40, 1, 0.01, 100);
  let renderer = null;
  let controls = null;
  let root = null;
  // A rigged model's clips (POST /api/v2/rig): one glTF animation each, played in a loop.
  let mixer = null;
  let clips = [];
  let lastTick = 0;
  let parts = []; // { node, base: Vector3, direction: Vector3 (parent space, length = EXPLODE_REACH × model radius) }

  function note(text) {
    noteElement.textContent = text;
    noteElement.hidden = !text;
  }
  function render() {
    if (renderer) renderer.render(scene, camera);
  }
  function ensureRenderer() {
    if (renderer) return true;
    try {
      renderer = new THREE.WebGLRenderer({ canvas, antialias: true });
    } catch {
      note('WebGL is not available in this browser: the model loaded but cannot be drawn. Download it below.');
      return false;
    }
    renderer.setPixelRatio(window.devicePixelRatio);
    renderer.toneMapping = THREE.NeutralToneMapping; // keeps light albedos from clipping to white
    // Metallic PBR surfaces reflect their surroundings: without an environment they render black.
    const pmrem = new THREE.PMREMGenerator(renderer);
    scene.environment = pmrem.fromScene(new RoomEnvironment(), 0.04).texture;
    pmrem.dispose();
    controls = new OrbitControls(camera, canvas);
    controls.addEventListener('change', render);
    new ResizeObserver(resize).observe(element);
    resize();
    return true;
  }
  function resize() {
    const { clientWidth: width, clientHeight: height } = canvas;
    if (!renderer || width === 0 || height === 0) return;
    renderer.setSize(width, height, false);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    render();
  }
  function clear() {
    if (root) scene.remove(root);
    root = null;
    mixer?.stopAllAction();
    mixer = null;
    clips = [];
    delete element.dataset.clips;
    delete element.dataset.clip;
    parts = [];
    note('');
    element.dataset.state = 'empty';
    delete element.dataset.nodes;
    delete element.dataset.parts;
    render();
  }
  function frame(box) {
    const center = box.getCenter(new THREE.Vector3());
    const radius = Math.max(box.getSize(new THREE.Vector3()).length() / 2, 1e-3);
    camera.near = radius / 100;
    camera.far = radius * 100;
    // Far enough that the bounding sphere fits the narrower of the two fields of view, with a margin.
    const vertical = THREE.MathUtils.degToRad(camera.fov) / 2;
    const half = Math.min(vertical, Math.atan(Math.tan(vertical) * camera.aspect));
    const distance = (1.15 * radius) / Math.sin(half);
    camera.position.copy(center).add(new THREE.Vector3(0.9, 0.6, 1.4).normalize().multiplyScalar(distance));
    camera.updateProjectionMatrix();
    if (controls) {
      controls.target.copy(center);
      controls.update();
    }
  }
  /** Each part moves along the line from the model's centre through its own centre. */
  function collectParts(box) {
    const center = box.getCenter(new THREE.Vector3());
    const radius = box.getSize(new THREE.Vector3()).length() / 2;
    const found = [];
    root.traverse((node) => {
      if (!PART_NAME.test(node.name)) return;
      const own = new THREE.Box3().setFromObject(node).getCenter(new THREE.Vector3());
      const outward = own.clone().sub(center);
      // A piece sitting at the centre stays put; the others move away from it.
      if (outward.length() < 1e-6 * radius) {
        found.push({ node, base: node.position.clone(), direction: new THREE.Vector3() });
        return;
      }
      const parent = node.parent;
      const from = parent.worldToLocal(own.clone());
      const to = parent.worldToLocal(own.clone().add(outward.normalize().multiplyScalar(radius * EXPLODE_REACH)));
      found.push({ node, base: node.position.clone(), direction: to.sub(from) });
    });
    return found;
  }
  function explode(amount) {
    for (const part of parts) part.node.position.copy(part.base).addScaledVector(part.direction, amount);
    render();
  }
  function tick(time) {
    if (!mixer) return;
    mixer.update(lastTick ? Math.min(0.1, (time - lastTick) / 1000) : 0);
    lastTick = time;
    render();
    requestAnimationFrame(tick);
  }
  /** Plays the clip named `name` in a loop (the rigged model's walk first by default). */
  function play(name) {
    const clip = clips.find((c) => c.name === name);
    if (!mixer || !clip) return;
    mixer.stopAllAction();
    mixer.clipAction(clip).play();
    element.dataset.clip = name;
  }
  async function load(url) {
    clear();
    element.dataset.state = 'loading';
    note('Loading the model…');
    try {
      const response = await fetch(url);
      if (!response.ok) {
        const body = await response.json().catch(() => ({}));
        throw new Error(
          `${body.error ?? `HTTP ${response.status}`}: ${body.message ?? 'the file could not be fetched'}`,
        );
      }
      const gltf = await new GLTFLoader().parseAsync(await response.arrayBuffer(), '');
      root = gltf.scene;
      scene.add(root);
      clips = gltf.animations;
      if (clips.length > 0) {
        mixer = new THREE.AnimationMixer(root);
        element.dataset.clips = clips.map((c) => c.name).join(',');
        play((clips.find((c) => c.name === 'walk') ?? clips[0]).name);
        lastTick = 0;
        requestAnimationFrame(tick);
      }
      let nodes = 0;
      root.traverse((node) => (nodes += node === root ? 0 : 1));
      const box = new THREE.Box3().setFromObject(root);
      parts = collectParts(box);
      element.dataset.nodes = String(nodes);
      element.dataset.parts = String(parts.length);
      element.dataset.state = 'loaded';
      note('');
      onLoaded({ nodes, parts: parts.length, clips: clips.map((c) => c.name), playing: element.dataset.clip });
      if (ensureRenderer()) {
        // Frame the fully exploded model so the slider never pushes pieces out of view.
        explode(1);
        const reach = new THREE.Box3().setFromObject(root).union(box);
        explode(0);
        frame(reach);
        render();
      }
    } catch (error) {
      element.dataset.state = 'error';
      note(`Could not show the model: ${error.message}`);
    }
  }
  return { load, clear, note, explode, play, clipNames: () => clips.map((c) => c.name) };
}
