/**
 * The server's OpenAPI document, the source of the /Api reference. It has no `status` field, so
 * it is fetched with a plain fetch, not the status-checking base query.
 */
import { api, API_BASE, type ApiFailure } from '../../app/api';
import type { OpenApiDocument } from './openapi';

export const OPENAPI_PATH = '/openapi.json';

const docsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOpenApi: build.query<OpenApiDocument, void>({
      async queryFn() {
        try {
          const res = await fetch(`${API_BASE}${OPENAPI_PATH}`, { headers: { accept: 'application/json' } });
          if (!res.ok) return { error: { status: res.status, message: `HTTP ${res.status}` } satisfies ApiFailure };
          const doc = (await res.json()) as OpenApiDocument;
          if (typeof doc !== 'object' || doc === null || typeof doc.paths !== 'object') {
            return { error: { status: 'PARSING_ERROR', message: 'not an OpenAPI document' } satisfies ApiFailure };
          }
          return { data: doc };
        } catch (err) {
          return { error: { status: 'FETCH_ERROR', message: err instanceof Error ? err.message : String(err) } satisfies ApiFailure };
        }
      },
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetOpenApiQuery } = docsApi;
