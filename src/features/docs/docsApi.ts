/**
 * The server's OpenAPI document, the source of the /Api reference. It has no `status` field, so
 * it goes through the shared base query without the status check (plainBaseQuery).
 */
import { api, plainBaseQuery, type ApiFailure } from '../../app/api';
import type { OpenApiDocument } from './openapi';
import { paths } from '../../../common/api/paths';

export const OPENAPI_PATH = paths.openapi();

const docsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOpenApi: build.query<OpenApiDocument, void>({
      async queryFn(_arg, queryApi, extra) {
        const res = await plainBaseQuery({ url: OPENAPI_PATH, headers: { accept: 'application/json' } }, queryApi, extra);
        if (res.error) return { error: res.error };
        const doc = res.data as OpenApiDocument | null;
        if (typeof doc !== 'object' || doc === null || typeof doc.paths !== 'object') {
          return { error: { status: 'PARSING_ERROR', message: 'not an OpenAPI document' } satisfies ApiFailure };
        }
        return { data: doc };
      },
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetOpenApiQuery } = docsApi;
