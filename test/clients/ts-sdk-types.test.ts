/**
 * The SDK's request and record types (clients/ts/src/types.ts) against the server's OpenAPI document:
 * the same top-level fields, required where the document requires them. A field added, renamed or
 * removed on either side fails here, so the SDK cannot drift from the API.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import ts from 'typescript';
import { startHarness, type Harness } from '../api/harness.ts';
import { TS_SDK_DIR } from './build-ts-sdk.ts';

type Fields = Map<string, { optional: boolean }>;

/** Each exported interface of types.ts: its property names and whether each is optional. */
function sdkInterfaces(): Map<string, Fields> {
  const path = `${TS_SDK_DIR}src/types.ts`;
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true);
  const found = new Map<string, Fields>();
  source.forEachChild((node) => {
    if (!ts.isInterfaceDeclaration(node)) return;
    const fields: Fields = new Map();
    for (const member of node.members) {
      if (ts.isPropertySignature(member) && member.name) {
        fields.set(member.name.getText(source), { optional: !!member.questionToken });
      }
    }
    found.set(node.name.text, fields);
  });
  return found;
}

interface JsonSchema {
  $id?: string;
  properties?: Record<string, unknown>;
  required?: string[];
  $ref?: string;
}

function schemaFields(schema: JsonSchema): Fields {
  const required = new Set(schema.required ?? []);
  return new Map(Object.keys(schema.properties ?? {}).map((name) => [name, { optional: !required.has(name) }]));
}

let h: Harness;
let doc: {
  paths: Record<string, Record<string, any>>;
  components: { schemas: Record<string, JsonSchema> };
};
before(async () => {
  h = await startHarness({ kinds: [] });
  doc = (await h.app.inject({ method: 'GET', url: '/docs/json' })).json();
});
after(() => h.close());

const body = (path: string) => doc.paths[path]!.post.requestBody.content['multipart/form-data'].schema as JsonSchema;
const answer = (path: string, method: string, status: string) => {
  const schema = doc.paths[path]![method].responses[status].content['application/json'].schema as JsonSchema;
  return schema.$ref ? doc.components.schemas[schema.$ref.split('/').at(-1)!]! : schema;
};

test('every SDK request and record type has exactly the OpenAPI document’s fields', () => {
  const sdk = sdkInterfaces();
  const pairs: Array<[string, JsonSchema, { optionalInSdk?: string[] }?]> = [
    ['GenerateRequest', body('/api/v2/generate')],
    ['BangRequest', body('/api/v2/bang')],
    ['TextureRequest', body('/api/v2/texture')],
    ['ConvertRequest', body('/api/v2/convert')],
    ['RigRequest', body('/api/v2/rig')],
    // Bang's and convert's answers have no prompt: optional in the SDK's one SubmitResponse.
    ['SubmitResponse', answer('/api/v2/generate', 'post', '201'), { optionalInSdk: ['prompt'] }],
    ['TaskRecord', answer('/api/v2/tasks/{uuid}', 'get', '200')],
    ['TaskListResponse', answer('/api/v2/tasks', 'get', '200')],
    ['StatusResponse', answer('/api/v2/status', 'post', '200')],
    ['DownloadResponse', answer('/api/v2/download', 'post', '200')],
    ['BalanceResponse', answer('/api/v2/check_balance', 'get', '200')],
    [
      'ErrorResponse',
      Object.values(doc.components.schemas).find(
        (schema) => !!schema.properties?.error && !!schema.properties?.message,
      )!,
    ],
  ];
  const problems: string[] = [];
  for (const [name, schema, allowance] of pairs) {
    const mine = sdk.get(name);
    if (!mine) {
      problems.push(`types.ts has no interface ${name}`);
      continue;
    }
    const theirs = schemaFields(schema);
    for (const [field, { optional }] of theirs) {
      const own = mine.get(field);
      if (!own) problems.push(`${name} lacks "${field}" (in the OpenAPI document)`);
      else if (own.optional !== optional && !allowance?.optionalInSdk?.includes(field)) {
        problems.push(`${name}.${field} is ${own.optional ? 'optional' : 'required'} in the SDK, not in the document`);
      }
    }
    for (const field of mine.keys()) {
      if (!theirs.has(field)) problems.push(`${name} has "${field}", which the OpenAPI document does not`);
    }
  }
  const query = (doc.paths['/api/v2/tasks']!.get.parameters as Array<{ name: string; in: string }>)
    .filter((parameter) => parameter.in === 'query')
    .map((parameter) => parameter.name)
    .sort();
  assert.deepEqual([...sdk.get('TaskListQuery')!.keys()].sort(), query, 'TaskListQuery matches GET /api/v2/tasks');
  assert.deepEqual(problems, []);
});
