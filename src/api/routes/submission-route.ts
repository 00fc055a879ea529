/**
 * The route options every POST submission shares (/generate, /bang, /texture, /convert and their
 * aliases): documented under `submit`, 201 with the acceptance body, the common refusals, bearer auth,
 * and a body schema that documents only (the domain parses submissions leniently).
 */
import type { TSchema } from '@sinclair/typebox';
import { responses } from '../schemas.ts';

const documentOnly = () => () => true;

export interface SubmissionDoc {
  summary: string;
  description: string;
  body: TSchema;
  /** The 201 response body. */
  accepted: TSchema;
  /** Default: multipart/form-data only. */
  consumes?: string[];
  headers?: Record<string, unknown>;
}

export function submissionRoute({
  summary,
  description,
  body,
  accepted,
  consumes = ['multipart/form-data'],
  headers,
}: SubmissionDoc) {
  return {
    schema: {
      summary,
      description,
      tags: ['submit'],
      consumes,
      body,
      ...(headers ? { headers } : {}),
      response: responses({ 201: accepted }, [400, 401, 429, 500, 503]),
      security: [{ bearer: [] }],
    },
    validatorCompiler: documentOnly,
  };
}

/** The same route documented as an alias of `path` (the path real clients use). */
export function aliasOf(path: string, doc: SubmissionDoc) {
  return submissionRoute({ ...doc, summary: `Alias of /api/v2/${path} (the path real clients use)` });
}
