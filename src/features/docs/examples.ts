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

/** A curl command for the operation, with the real path values of its example when there is one. */
export function exampleRequest(op: DocOperation, baseUrl: string): string {
  const path = exampleFor(op)?.request ?? op.path;
  const key = `-H "x-api-key: ${T.keyPlaceholder}"`;
  if (op.method === 'GET') return `curl ${key} \\\n  "${baseUrl}${path}"`;
  if (op.method === 'DELETE') return `curl -X DELETE ${key} \\\n  "${baseUrl}${path}"`;
  const body = op.parameters.filter((p) => p.in === 'body');
  const json = JSON.stringify(Object.fromEntries(body.map((p) => [p.name, '…'])));
  return `curl -X POST ${key} \\\n  -H "content-type: application/json" \\\n  -d '${json}' \\\n  "${baseUrl}${path}"`;
}
