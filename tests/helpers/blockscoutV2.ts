/**
 * For the Blockscout v2 tests: our route names → the swagger's paths, and one check that an
 * answer is what Blockscout documents (status and schema) with the one documented exception.
 */
import { expect } from 'vitest';
import { patterns, type ApiRouteName } from '../../common/api/paths';
import { checkAnswer, documentedPaths } from './blockscoutSchema';

const PARAMS: Record<string, string> = {
  address: '{address_hash_param}',
  hash: '{transaction_hash_param}',
  block: '{block_hash_or_number_param}',
};

/** The swagger's key for one of our Blockscout routes: its pattern with Blockscout's parameter names (lists keyed with a trailing '/'). */
export function swaggerPath(route: ApiRouteName): string {
  const path = patterns[route].replace(/:([A-Za-z]+)/g, (_m, name: string) => PARAMS[name] ?? name);
  const known = documentedPaths();
  if (known.includes(path)) return path;
  if (known.includes(`${path}/`)) return `${path}/`;
  throw new Error(`Blockscout's OpenAPI has no ${path}`);
}

/**
 * Blockscout answers `to: null` for a contract creation (its frontend reads it so), while its
 * OpenAPI types `to` as a non-null Address: that one error is let through where
 * created_contract names the contract, and no other.
 */
function documentedException(e: { instancePath: string; keyword: string }, body: unknown): boolean {
  if (!/\/to$/.test(e.instancePath) || e.keyword !== 'type') return false;
  const parent = e.instancePath
    .split('/')
    .slice(1, -1)
    .reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], body) as Record<string, unknown> | undefined;
  return parent?.to === null && (parent.created_contract !== null || parent.type === 'create');
}

/** The answer is `status` and conforms to the schema Blockscout's OpenAPI documents for it. */
export function expectBlockscout(route: ApiRouteName, res: { statusCode: number; body: unknown }, status = 200): void {
  const path = swaggerPath(route);
  expect(res.statusCode, `${route}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(status);
  const errors = checkAnswer(path, status, res.body).filter((e) => !documentedException(e, res.body));
  expect(errors, `${route} against Blockscout's ${path} ${status}`).toEqual([]);
}
