/**
 * The logged-in user's API keys (issue 8), with the login token like the wallet's own calls.
 * Creating and revoking update the cached list in place (no extra tag on the shared api).
 */
import type { AnswerOf } from '../../../common/api/answers';
import { api } from '../../app/api';
import { paths } from '../../../common/api/paths';

/** The mutation's answer, or null when it failed (the component shows that error itself). */
async function settled<T>(p: Promise<{ data: T }>): Promise<T | null> {
  try {
    return (await p).data;
  } catch {
    return null;
  }
}

export const apiKeysApi = api.injectEndpoints({
  endpoints: (build) => ({
    apiKeys: build.query<AnswerOf<'apiKeys'>, void>({
      query: () => ({ url: paths.apiKeys() }),
    }),
    createApiKey: build.mutation<AnswerOf<'apiKeys', 'POST'>, { label: string }>({
      query: (body) => ({ url: paths.apiKeys(), method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const data = await settled(queryFulfilled);
        if (!data) return;
        const { id, label, prefix, createdAt } = data.result;
        dispatch(
          apiKeysApi.util.updateQueryData('apiKeys', undefined, (draft) => {
            draft.result.push({ id, label, prefix, createdAt, revokedAt: null });
          }),
        );
      },
    }),
    revokeApiKey: build.mutation<AnswerOf<'apiKey'>, number>({
      query: (id) => ({ url: paths.apiKey(id), method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const data = await settled(queryFulfilled);
        if (!data) return;
        dispatch(
          apiKeysApi.util.updateQueryData('apiKeys', undefined, (draft) => {
            const k = draft.result.find((x) => x.id === id);
            if (k) k.revokedAt = data.result.revokedAt;
          }),
        );
      },
    }),
  }),
});

export const { useApiKeysQuery, useCreateApiKeyMutation, useRevokeApiKeyMutation } = apiKeysApi;
