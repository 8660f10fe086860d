/**
 * The API reference, read from the server's own OpenAPI document (/api/openapi.json, generated
 * by @fastify/swagger from the routes' TypeBox schemas), so the page cannot drift from the API.
 * Pure functions: the docs page and the test that captures the example responses share them.
 */
import { TABS } from '../../../common/spec';
import { API_PREFIX } from '../../../common/api/paths';

export type DocSection = (typeof TABS.apiDocs)[number];
export const DOC_SECTIONS: readonly DocSection[] = TABS.apiDocs;

export interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  $ref?: string;
}

interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface OpenApiDocument {
  openapi?: string;
  info?: { title?: string; description?: string; version?: string };
  paths: Record<string, Partial<Record<string, OpenApiOperation>>>;
  components?: { schemas?: Record<string, JsonSchema>; securitySchemes?: Record<string, { type?: string; in?: string; name?: string }> };
}

export interface DocParameter {
  name: string;
  in: string;
  required: boolean;
  description: string;
}

/** The methods the reference shows (the watchlist's DELETE /watchlist/{address} too). */
export const DOC_METHODS = ['GET', 'POST', 'DELETE'] as const;
export type DocMethod = (typeof DOC_METHODS)[number];

export interface DocOperation {
  /** 'GET /getBalance/{address}': also the key of the captured example. */
  key: string;
  method: DocMethod;
  /** Path under the base URL ('/getBalance/{address}'). */
  path: string;
  section: DocSection;
  summary: string;
  parameters: DocParameter[];
  /** Fields of the success body's `result` (or of the body when it has none). */
  fields: DocField[];
  /** Status codes of the documented error answers. */
  errors: string[];
}

export interface DocField {
  name: string;
  type: string;
  description: string;
}

/** The API's prefix in the document's paths; the base URL ends with it. */
export { API_PREFIX };

/** Account operations carry credentials; they belong to the wallet screens, not the public API. */
const CREDENTIAL_PARAMS = /^(email|password|userEmail)$/i;

/**
 * The side-navigation section of an operation. The five sections are route tags; the explorer's
 * other tags go where their data belongs. Unknown tags (accounts, forms, admin) are not part of
 * the public API: null.
 */
export function sectionOf(tag: string | undefined, path: string): DocSection | null {
  if (tag === undefined) return null;
  if ((DOC_SECTIONS as readonly string[]).includes(tag)) return tag as DocSection;
  const p = path.toLowerCase();
  switch (tag) {
    case 'Chart':
      return p.includes('token') ? 'Token' : p.includes('contract') ? 'Contract' : 'Transaction';
    case 'Search':
      return p.includes('contract') ? 'Contract' : 'Transaction';
    case 'Home':
      return p.includes('price') ? 'Wallet' : 'Transaction';
    case 'Status':
      return 'Block';
    case 'NFT': // collections are tokens
      return 'Token';
    default:
      return null;
  }
}

function resolve(doc: OpenApiDocument, s: JsonSchema | undefined): JsonSchema | undefined {
  if (s?.$ref) return doc.components?.schemas?.[s.$ref.replace('#/components/schemas/', '')];
  return s;
}

/** A short type label: 'string', 'number | null', 'array of object'. */
export function typeLabel(doc: OpenApiDocument, raw: JsonSchema | undefined): string {
  const s = resolve(doc, raw);
  if (!s) return 'any';
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return [...new Set(alts.map((a) => typeLabel(doc, a)))].join(' | ');
  if (Array.isArray(s.type)) return s.type.join(' | ');
  if (s.type === 'array') return `array of ${typeLabel(doc, s.items)}`;
  return s.type ?? (s.properties ? 'object' : 'any');
}

function fieldsOf(doc: OpenApiDocument, body: JsonSchema | undefined): DocField[] {
  const b = resolve(doc, body);
  if (!b?.properties) return [];
  let target = resolve(doc, b.properties.result) ?? b;
  if (target.type === 'array' && target.items) target = resolve(doc, target.items) ?? target;
  const props = target.properties ?? {};
  return Object.entries(props).map(([name, s]) => ({
    name,
    type: typeLabel(doc, s),
    description: resolve(doc, s)?.description ?? '',
  }));
}

/** Fields of a POST body (JSON or multipart) as parameters 'in: body'. */
function bodyParameters(doc: OpenApiDocument, op: OpenApiOperation): DocParameter[] {
  const content = op.requestBody?.content ?? {};
  const schema = resolve(doc, Object.values(content)[0]?.schema);
  const required = new Set(schema?.required ?? []);
  return Object.entries(schema?.properties ?? {}).map(([name, s]) => ({
    name,
    in: 'body',
    required: required.has(name),
    description: resolve(doc, s)?.description ?? '',
  }));
}

/** Every documented operation, in the document's order (the server's route order). */
export function documentedOperations(doc: OpenApiDocument): DocOperation[] {
  const out: DocOperation[] = [];
  for (const [fullPath, item] of Object.entries(doc.paths ?? {})) {
    const path = fullPath.startsWith(`${API_PREFIX}/`) ? fullPath.slice(API_PREFIX.length) : fullPath;
    for (const method of DOC_METHODS) {
      const op = item?.[method.toLowerCase()];
      if (!op) continue;
      const section = sectionOf(op.tags?.[0], path);
      const params = op.parameters ?? [];
      if (section === null || params.some((p) => CREDENTIAL_PARAMS.test(p.name))) continue;
      const ok = op.responses?.['200'] ?? op.responses?.['201'];
      out.push({
        key: `${method} ${path}`,
        method,
        path,
        section,
        summary: op.summary ?? op.description ?? '',
        parameters: [
          ...params.map((p) => ({ name: p.name, in: p.in, required: p.required === true, description: p.description ?? '' })),
          ...bodyParameters(doc, op),
        ],
        fields: fieldsOf(doc, ok?.content?.['application/json']?.schema),
        errors: Object.keys(op.responses ?? {}).filter((c) => c.startsWith('4') || c.startsWith('5')),
      });
    }
  }
  return out;
}
