/** Multipart bodies as the Stability and Rodin fakes read them: text fields by name, files with their content type. */
import type { IncomingMessage } from 'node:http';
import { readBody } from './http.ts';

export interface FormFields {
  /** Text fields (the last value of a repeated name). */
  text: Record<string, string>;
  /** File parts in order: their field name, content type and size. */
  files: { name: string; type: string; size: number }[];
}

/** The request's multipart fields, or undefined when the body is not multipart/form-data. */
export async function readForm(request: IncomingMessage): Promise<FormFields | undefined> {
  const raw = await readBody(request);
  let form: FormData;
  try {
    form = await new Request('http://fake/', {
      method: 'POST',
      headers: { 'content-type': request.headers['content-type'] ?? '' },
      body: new Uint8Array(raw),
    }).formData();
  } catch {
    return undefined;
  }
  const fields: FormFields = { text: {}, files: [] };
  form.forEach((value, name) => {
    if (typeof value === 'string') fields.text[name] = value;
    else fields.files.push({ name, type: value.type, size: value.size });
  });
  return fields;
}
