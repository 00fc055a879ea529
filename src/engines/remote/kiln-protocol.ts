/**
 * The Kiln engine protocol (docs/remote-engines.md), version 1: how Kiln hands one engine job to
 * another process over HTTP. Small on purpose, so that wrapping another model server takes a few dozen
 * lines. All bodies are JSON except file downloads.
 *
 *   GET    /v1/health                 → {protocol: "kiln-engine/1", kinds: ["generate-image", …]}
 *   POST   /v1/jobs                   {kind, taskId, spec, inputs: [{field, filename, base64}]}
 *                                     → 202 {id}   (400 {error, message} for a kind it does not serve)
 *   GET    /v1/jobs/{id}              → JobStatus (below); poll it
 *   GET    /v1/jobs/{id}/events       → text/event-stream of JobStatus, one `data:` line per change
 *   GET    /v1/jobs/{id}/files/{name} → the bytes of one output file
 *   DELETE /v1/jobs/{id}              → 204; cancels a running job, forgets a finished one
 *
 * A job that ends `done` lists its files. With `raw: true` the server returns one unfinished model
 * (`model.glb`) and Kiln's output pipeline makes the asset (budget, UVs, maps, formats, preview): what
 * a wrapper around a bare model server does. Without it the files are the finished download files.
 */
import type { EngineKind, TaskSpec } from '../../domain/task-spec.ts';

export const KILN_ENGINE_PROTOCOL = 'kiln-engine/1';

export interface HealthAnswer {
  protocol: string;
  kinds: EngineKind[];
}

export interface JobSubmission {
  kind: EngineKind;
  taskId: string;
  spec: TaskSpec;
  inputs: { field: string; filename: string; base64: string }[];
}

export interface JobStatus {
  id: string;
  state: 'running' | 'done' | 'failed';
  /** The engine's current stage and overall percent (0–100). */
  stage: string;
  percent: number;
  files?: { name: string; contentType: string; size: number }[];
  notes?: Record<string, unknown>;
  raw?: boolean;
  /** A failed job: `code` from Kiln's error catalogue (INVALID_REQUEST, API_OBJECT_NOT_FOUND_ON_IMAGE, UNKNOWN …). */
  error?: { code: string; message: string };
}
