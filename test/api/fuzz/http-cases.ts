/**
 * Generates one HTTP request per (seed, index) across every route and input class: multipart
 * structure, body encodings, field names, sizes, pictures, models of every format, bombs, values,
 * headers. Each case says whether it is a submission (the ledger must move only on acceptance).
 */
import { type Dice, mutate, type Corpus, type Sample } from './corpus.ts';

export interface HttpCase {
  label: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS' | 'HEAD';
  url: string;
  headers: Record<string, string>;
  payload?: Buffer | string;
  submission: boolean;
}

export interface CaseContext {
  corpus: Corpus;
  auth: string;
  /** A task uuid and subscription key of this account (for status/download/tasks). */
  taskUuid: string;
  subscriptionKey: string;
}

const SUBMIT_ROUTES = ['/api/v2/generate', '/api/v2/rodin', '/api/v2/bang'];
const PROTO_NAMES = [
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  '__proto__',
  'prototype',
  '__defineGetter__',
];
const KNOWN_FIELDS = [
  'prompt',
  'tier',
  'seed',
  'geometry_file_format',
  'material',
  'quality',
  'mesh_mode',
  'addons',
  'condition_mode',
  'texture_mode',
  'bbox_condition',
  'quality_override',
  'TAPose',
  'use_original_alpha',
  'preview_render',
  'mesh_simplify',
  'strength',
  'asset_id',
  'resolution',
  'escore',
  'reference_scale',
  'task_uuid',
  'subscription_key',
];

function values(dice: Dice): string {
  return dice.pick([
    '',
    ' ',
    '0',
    '-1',
    '1',
    '3',
    '1e309',
    '-1e309',
    'NaN',
    'Infinity',
    '-0',
    '0x10',
    '9007199254740993',
    '1.5',
    'true',
    'False',
    'yes',
    'Gen-2.5-Low',
    'Gen-2.5-Extreme-High',
    'Regular',
    'Sketch',
    'glb',
    'usdz',
    'fbx',
    'obj',
    'stl',
    'PBR',
    'Shaded',
    'None',
    'All',
    '["HighPack"]',
    '[1, 2, 3]',
    '[',
    '{"a":1}',
    'null',
    '\u0000',
    '\u202e\u200b',
    '😀'.repeat(50),
    'a'.repeat(5000),
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    '%00',
    'HighPack,HighPack,Other',
    '00000000-0000-0000-0000-000000000000',
  ]);
}

function fieldName(dice: Dice): string {
  const roll = dice.int(10);
  if (roll < 5) return dice.pick(KNOWN_FIELDS);
  if (roll < 7) return dice.pick(PROTO_NAMES);
  return dice.pick([
    '',
    'images[]',
    'addons[]',
    'a[b]',
    'x'.repeat(300),
    'ñame',
    'tier ',
    ' prompt',
    'model\u0000',
    'images[0]',
  ]);
}

function sample(dice: Dice, corpus: Corpus, kind: 'image' | 'model'): Sample {
  const [good, bombs] = kind === 'image' ? [corpus.images, corpus.imageBombs] : [corpus.models, corpus.modelBombs];
  const roll = dice.int(10);
  if (roll < 4) return dice.pick(good);
  if (roll < 6) return dice.pick(bombs);
  if (roll < 9) {
    const base = dice.pick(good);
    return { name: base.name, bytes: mutate(dice, base.bytes) };
  }
  const random = new Uint8Array(dice.int(2048));
  for (let i = 0; i < random.length; i++) random[i] = dice.int(256);
  return { name: dice.pick(['x.png', 'x.glb', 'x', 'x.usdz', 'x.obj']), bytes: random };
}

type Part = {
  name?: string;
  value?: string;
  data?: Uint8Array;
  filename?: string;
  contentType?: string;
  disposition?: string;
};

function multipartBody(dice: Dice, parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = dice.chance(0.1)
    ? dice.pick(['a', '"quoted boundary"', 'x'.repeat(69), '--', '—unicode—'])
    : `----kilnfuzz${dice.int(1e9)}`;
  const bare = boundary.replace(/^"|"$/g, '');
  const chunks: Buffer[] = [];
  if (dice.chance(0.05)) chunks.push(Buffer.from('preamble text\r\n'));
  for (const part of parts) {
    chunks.push(Buffer.from(`--${bare}\r\n`));
    const disposition =
      part.disposition ??
      `form-data${part.name === undefined ? '' : `; name="${part.name}"`}${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    chunks.push(
      Buffer.from(
        `Content-Disposition: ${disposition}\r\n${part.contentType ? `Content-Type: ${part.contentType}\r\n` : ''}\r\n`,
      ),
    );
    chunks.push(part.data ? Buffer.from(part.data) : Buffer.from(part.value ?? ''));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${bare}--\r\n`));
  let payload = Buffer.concat(chunks);
  // Structure damage: cut anywhere, drop the closing delimiter, CRLF → LF, or duplicated headers.
  const damage = dice.int(12);
  if (damage === 0) payload = payload.subarray(0, dice.int(payload.length));
  else if (damage === 1) payload = payload.subarray(0, payload.length - bare.length - 6);
  else if (damage === 2) payload = Buffer.from(payload.toString('latin1').replace(/\r\n/g, '\n'), 'latin1');
  else if (damage === 3)
    payload = Buffer.from(
      payload
        .toString('latin1')
        .replace(/Content-Disposition/g, 'Content-Disposition: form-data\r\nContent-Disposition'),
      'latin1',
    );
  const contentType =
    dice.int(15) === 0
      ? dice.pick([
          'multipart/form-data',
          'multipart/form-data; boundary=',
          'multipart/mixed; boundary=x',
          'multipart/form-data; boundary=wrong',
        ])
      : `multipart/form-data; boundary=${boundary}`;
  return { payload, contentType };
}

function submissionParts(dice: Dice, ctx: CaseContext, route: string): Part[] {
  const parts: Part[] = [];
  const bang = route.endsWith('/bang');
  if (bang && dice.chance(0.8)) {
    const model = sample(dice, ctx.corpus, 'model');
    parts.push({ name: 'model', data: model.bytes, filename: dice.chance(0.8) ? model.name : undefined });
  }
  if (bang && dice.chance(0.1)) parts.push({ name: 'asset_id', value: dice.chance(0.5) ? ctx.taskUuid : values(dice) });
  const imageCount = bang ? (dice.chance(0.5) ? 1 : 0) : dice.int(7);
  for (let i = 0; i < imageCount; i++) {
    const image = sample(dice, ctx.corpus, 'image');
    parts.push({
      name: bang ? 'image' : dice.pick(['images', 'images[]', 'image']),
      data: image.bytes,
      filename: dice.chance(0.7) ? image.name : undefined,
      contentType: dice.chance(0.3)
        ? dice.pick(['image/png', 'application/octet-stream', 'text/plain', 'image/svg+xml'])
        : undefined,
    });
  }
  if (!bang && (imageCount === 0 || dice.chance(0.3)))
    parts.push({ name: 'prompt', value: dice.chance(0.7) ? 'a small clay pot' : values(dice) });
  if (bang && dice.chance(0.5))
    parts.push({ name: 'material', value: dice.pick(['None', 'PBR', 'Shaded', values(dice)]) });
  for (let i = 0, n = dice.int(5); i < n; i++) parts.push({ name: fieldName(dice), value: values(dice) });
  if (dice.chance(0.05)) parts.push({ value: 'x' }); // no name at all
  if (dice.chance(0.05))
    parts.push({
      name: 'images',
      disposition: dice.pick([
        'form-data; filename="a.png"',
        'attachment',
        'form-data; name=images',
        'form-data; name="images"; filename*=UTF-8\'\'%e2%82%ac.png',
      ]),
      data: ctx.corpus.images[0].bytes,
    });
  if (dice.chance(0.03)) for (let i = 0; i < 320; i++) parts.push({ name: `f${i}`, value: 'v' });
  // Sizes: a file just past the per-file limit, or many files past the file count limit.
  if (dice.chance(0.02))
    parts.push({ name: bang ? 'model' : 'images', data: new Uint8Array(2 * 1024 * 1024 + 1), filename: 'big.bin' });
  if (dice.chance(0.02))
    for (let i = 0; i < 8; i++) parts.push({ name: 'images', data: ctx.corpus.images[0].bytes, filename: `${i}.png` });
  if (dice.chance(0.02)) parts.push({ name: 'prompt', value: 'p'.repeat(1024 * 1024 + 1) });
  return parts;
}

function jsonBody(dice: Dice, ctx: CaseContext, forQuery: boolean): string {
  const roll = dice.int(10);
  if (roll === 0 && dice.chance(0.1)) return JSON.stringify({ prompt: 'x'.repeat(1024 * 1024 + 10) });
  if (roll === 0)
    return dice.pick([
      '',
      '{',
      '[]',
      'null',
      '"x"',
      '{"a":',
      '{}'.repeat(3),
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
      '{"prompt":"a\\ud800"}',
    ]);
  const body: Record<string, unknown> = forQuery
    ? {
        [dice.chance(0.5) ? 'task_uuid' : 'subscription_key']: dice.chance(0.6)
          ? dice.chance(0.5)
            ? ctx.taskUuid
            : ctx.subscriptionKey
          : values(dice),
      }
    : { prompt: dice.chance(0.8) ? 'a wooden chair' : values(dice) };
  for (let i = 0, n = dice.int(4); i < n; i++)
    body[fieldName(dice)] = dice.chance(0.3)
      ? [values(dice), values(dice)]
      : dice.chance(0.2)
        ? { nested: values(dice) }
        : values(dice);
  let text = JSON.stringify(body);
  if (dice.chance(0.1)) text = text.replace('{', `{"__proto__":{"tier":"Gen-2.5-Extreme-High"},`);
  return text;
}

export function generateCase(dice: Dice, ctx: CaseContext, index: number): HttpCase {
  const auth =
    dice.int(20) === 0
      ? dice.pick(['', 'Bearer', 'Bearer nope', 'Basic abc', `Bearer ${ctx.auth.slice(7)}x`])
      : ctx.auth;
  const headers: Record<string, string> = auth ? { authorization: auth } : {};
  if (dice.chance(0.05))
    headers['idempotency-key'] = dice.pick(['k'.repeat(256), 'k'.repeat(255), `key-${index}`, ' ', '😀']);
  if (dice.chance(0.03))
    headers.host = dice.pick(['127.0.0.1/x"><script>', 'evil.com', 'a b', '[::1]:80', 'x:99999999']);
  const klass = dice.int(20);
  if (klass < 10) {
    const route = dice.pick(SUBMIT_ROUTES);
    const encoding = dice.int(10);
    if (encoding < 7 || route.endsWith('/bang')) {
      const { payload, contentType } = multipartBody(dice, submissionParts(dice, ctx, route));
      return {
        label: `${route} multipart`,
        method: 'POST',
        url: route,
        headers: { ...headers, 'content-type': contentType },
        payload,
        submission: true,
      };
    }
    if (encoding < 9)
      return {
        label: `${route} json`,
        method: 'POST',
        url: route,
        headers: {
          ...headers,
          'content-type': dice.chance(0.9) ? 'application/json' : 'application/json; charset=latin1',
        },
        payload: jsonBody(dice, ctx, false),
        submission: true,
      };
    const form = new URLSearchParams();
    form.append('prompt', dice.chance(0.8) ? 'a lamp' : values(dice));
    for (let i = 0, n = dice.int(4); i < n; i++) form.append(fieldName(dice), values(dice));
    return {
      label: `${route} urlencoded`,
      method: 'POST',
      url: route,
      headers: {
        ...headers,
        'content-type': dice.chance(0.9)
          ? 'application/x-www-form-urlencoded'
          : dice.pick(['text/plain', 'application/xml', 'image/png', '']),
      },
      payload: form.toString(),
      submission: true,
    };
  }
  if (klass < 15) {
    const url = dice.pick(['/api/v2/status', '/api/v2/download']);
    if (dice.chance(0.3)) {
      const { payload, contentType } = multipartBody(dice, [
        {
          name: dice.chance(0.7) ? (url.endsWith('status') ? 'subscription_key' : 'task_uuid') : fieldName(dice),
          value: dice.chance(0.5) ? ctx.subscriptionKey : ctx.taskUuid,
        },
        ...(dice.chance(0.2) ? [{ name: 'images', data: ctx.corpus.images[0].bytes, filename: 'a.png' }] : []),
      ]);
      return {
        label: `${url} multipart`,
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': contentType },
        payload,
        submission: false,
      };
    }
    return {
      label: `${url} json`,
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: jsonBody(dice, ctx, true),
      submission: false,
    };
  }
  const url = dice.pick([
    '/api/v2/check_balance',
    `/api/v2/tasks/${ctx.taskUuid}`,
    `/api/v2/tasks/${encodeURIComponent(values(dice).slice(0, 200))}`,
    `/api/v2/tasks/${'a'.repeat(300)}`,
    `/files/${ctx.taskUuid}/preview.webp`,
    `/files/${ctx.taskUuid}/preview.webp?expires=1&sig=x`,
    '/files/..%2F..%2Fetc/passwd',
    '/healthz',
    '/metrics',
    '/docs/json',
    '/api/v2/nope',
    '/%E0%A4%A',
    `/api/v2/status?${'q='.repeat(200)}`,
    '/api/v2/generate',
  ]);
  const method = dice.chance(0.8) ? 'GET' : dice.pick(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'] as const);
  return { label: `${method} ${url.split('?')[0].slice(0, 40)}`, method, url, headers, submission: false };
}
