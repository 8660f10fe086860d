/**
 * Blockscout's published OpenAPI (tests/fixtures/blockscout/, the ethereum flavour of 10.2.6) as
 * ajv validators: `checkAnswer(path, status, body)` validates an answer against the response
 * schema Blockscout documents for that path and status (field names, types, nesting, required
 * fields and additionalProperties: false included) and returns ajv's errors, [] when it conforms.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import YAML from 'yaml';

const FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/blockscout/swagger-10.2.6-ethereum.yaml');

interface Operation {
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}
interface Swagger {
  components: { schemas: Record<string, object> };
  paths: Record<string, { get?: Operation }>;
}

let doc: Swagger | null = null;
let ajv: Ajv | null = null;
const compiled = new Map<string, ValidateFunction>();

function load(): { doc: Swagger; ajv: Ajv } {
  if (!doc || !ajv) {
    doc = YAML.parse(fs.readFileSync(FILE, 'utf8')) as Swagger;
    // OpenAPI 3.0: `nullable` is a keyword, x-* are extensions, `example`s are no schema keywords.
    ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addKeyword({ keyword: 'x-struct' }).addKeyword({ keyword: 'x-validate' });
    ajv.addSchema({ $id: 'blockscout', components: rebase(doc.components) });
  }
  return { doc, ajv };
}

/**
 * OpenAPI 3.0 to JSON Schema: `nullable: true` becomes a null type (or an anyOf with null when the
 * schema has no type of its own: allOf, oneOf, $ref), and `#/components/…` references point at the
 * added document's id.
 */
function rebase(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rebase);
  if (typeof schema !== 'object' || schema === null) return schema;
  const { nullable, ...rest } = schema as Record<string, unknown>;
  const out: Record<string, unknown> = Object.fromEntries(
    Object.entries(rest).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? `blockscout${v}` : rebase(v)]),
  );
  if (nullable !== true) return out;
  if (typeof out.type === 'string') {
    const enumValues = Array.isArray(out.enum) ? { enum: [...(out.enum as unknown[]), null] } : {};
    return { ...out, type: [out.type, 'null'], ...enumValues };
  }
  return { anyOf: [out, { type: 'null' }] };
}

/** The swagger's paths ('/v2/blocks/{block_hash_or_number_param}'). */
export function documentedPaths(): string[] {
  return Object.keys(load().doc.paths);
}

/** The response schema of `swaggerPath` (a key of the document's paths) for `status`, as ajv errors of `body`. */
export function checkAnswer(swaggerPath: string, status: number, body: unknown): ErrorObject[] {
  const { doc: d, ajv: a } = load();
  const key = `${swaggerPath} ${status}`;
  let validate = compiled.get(key);
  if (!validate) {
    const op = d.paths[swaggerPath]?.get;
    const schema = op?.responses[String(status)]?.content?.['application/json']?.schema;
    if (!schema) throw new Error(`Blockscout's OpenAPI documents no ${status} answer for GET ${swaggerPath}`);
    validate = a.compile(rebase(schema) as object);
    compiled.set(key, validate);
  }
  return validate(body) ? [] : (validate.errors ?? []).slice(0, 10);
}
