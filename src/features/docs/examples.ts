/**
 * The captured example answers (examples.json, written by tests/server/api/docsExamples.test.ts
 * from a devnet) and the example requests built from them.
 */
import captured from './examples.json';
import type { DocOperation } from './openapi';
import { API_DOCS_TEXTS as T } from './texts';

export interface CapturedExample {
  request: string;
  response: unknown;
}

const EXAMPLES: Record<string, CapturedExample | undefined> = (captured as { operations: Record<string, CapturedExample> }).operations;

export function exampleFor(op: DocOperation): CapturedExample | undefined {
  return EXAMPLES[op.key];
}

/**
 * Path values that are secrets (a private key, a password): an example never puts one in a URL,
 * which logs, shell history and proxies keep (architecture rule 10; issue #38, defect 19).
 */
const SECRET_PARAM = /^(private_?key|password|secret|mnemonic)$/i;

/** A curl command for the operation, with the real path values of its example when there is one. */
export function exampleRequest(op: DocOperation, baseUrl: string): string {
  const key = `-H "x-api-key: ${T.keyPlaceholder}"`;
  const post = (path: string, fields: string[]) =>
    `curl -X POST ${key} \\\n  -H "content-type: application/json" \\\n  -d '${JSON.stringify(Object.fromEntries(fields.map((f) => [f, '…'])))}' \\\n  "${baseUrl}${path}"`;
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  // A documented GET form with a secret in its path (/send/{privateKey}/…): its POST-body form, the same fields in the body.
  if (pathParams.some((p) => SECRET_PARAM.test(p.name)))
    return post(
      op.path.split('/{')[0] ?? op.path,
      pathParams.map((p) => p.name),
    );
  const path = exampleFor(op)?.request ?? op.path;
  if (op.method === 'GET') return `curl ${key} \\\n  "${baseUrl}${path}"`;
  if (op.method === 'DELETE') return `curl -X DELETE ${key} \\\n  "${baseUrl}${path}"`;
  return post(
    path,
    op.parameters.filter((p) => p.in === 'body').map((p) => p.name),
  );
}
