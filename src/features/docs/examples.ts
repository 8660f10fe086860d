/**
 * The captured example answers (examples.json, written by tests/server/api/docsExamples.test.ts
 * from a devnet) and the example requests built from them.
 */
import captured from './examples.json';
import type { DocOperation } from './openapi';
import { API_DOCS_TEXTS as T } from './texts';

export interface CapturedExample {
  request: string;
  /** A POST's JSON body as sent, secrets redacted ('…'); absent for GET and DELETE. */
  body?: Record<string, unknown>;
  /** The HTTP status when not 200 (an "already verified" 409 is a real answer too). */
  status?: number;
  response: unknown;
}

/**
 * Why an operation has no captured answer: it moves funds, makes or prints
 * a key, needs a log-in, answers only for a Sourcify job, or takes a file upload.
 */
export const NO_LIVE_REASONS = ['funds', 'secret', 'login', 'sourcify', 'upload'] as const;
export type NoLiveReason = (typeof NO_LIVE_REASONS)[number];

export interface ExampleFile {
  note: string;
  operations: Record<string, CapturedExample>;
  /** Operation key → why it has no live example (absent in older files: the generic text). */
  noLiveExample?: Record<string, NoLiveReason>;
}

const FILE = captured as ExampleFile;
const EXAMPLES: Record<string, CapturedExample | undefined> = FILE.operations;

export function exampleFor(op: DocOperation): CapturedExample | undefined {
  return EXAMPLES[op.key];
}

/** Why the operation has no live example, when the capture says so. */
export function noLiveReason(op: DocOperation): NoLiveReason | undefined {
  const reason = FILE.noLiveExample?.[op.key];
  return reason && (NO_LIVE_REASONS as readonly string[]).includes(reason) ? reason : undefined;
}

/**
 * Path values that are secrets (a private key, a password): an example never puts one in a URL,
 * which logs, shell history and proxies keep (architecture rule 10).
 */
const SECRET_PARAM = /^(private_?key|password|secret|mnemonic)$/i;
/** Body fields an example never shows (the capture redacts them too: tests/server/api/docsExamples.test.ts). */
export const SECRET_FIELD = /^(private_?key|password|secret|mnemonic|keystore|token|api_?key|kdf_?secret)$/i;

/** A curl command for the operation, with the real path values of its example when there is one. */
export function exampleRequest(op: DocOperation, baseUrl: string): string {
  const key = `-H "x-api-key: ${T.keyPlaceholder}"`;
  const post = (path: string, fields: string[], body?: Record<string, unknown>) =>
    `curl -X POST ${key} \\\n  -H "content-type: application/json" \\\n  -d '${shellQuoted(JSON.stringify(body ?? Object.fromEntries(fields.map((f) => [f, '…']))))}' \\\n  "${baseUrl}${path}"`;
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  // A documented GET form with a secret in its path (/send/{privateKey}/…): its POST-body form, the same fields in the body.
  if (pathParams.some((p) => SECRET_PARAM.test(p.name)))
    return post(
      op.path.split('/{')[0] ?? op.path,
      pathParams.map((p) => p.name),
    );
  const example = exampleFor(op);
  const path = example?.request ?? op.path;
  if (op.method === 'GET') return `curl ${key} \\\n  "${baseUrl}${path}"`;
  if (op.method === 'DELETE') return `curl -X DELETE ${key} \\\n  "${baseUrl}${path}"`;
  return post(
    path,
    op.parameters.filter((p) => p.in === 'body').map((p) => p.name),
    example?.body && redacted(example.body),
  );
}

/** A body with its secret fields shown as '…', should a capture ever hold one. */
function redacted(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, SECRET_FIELD.test(k) ? '…' : v]));
}

/** Text inside a single-quoted shell word: a ' closes, escapes and reopens it. */
function shellQuoted(text: string): string {
  return text.replace(/'/g, `'\\''`);
}
