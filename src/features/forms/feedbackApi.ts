/** The forms' one call: POST /feedback (common/api/feedback.ts). Nothing is cached. */
import type { FeedbackRecord, FeedbackRequest, FeedbackResponse } from '../../../common/api/feedback';
import { paths } from '../../../common/api/paths';
import { api } from '../../app/api';

export const feedbackApi = api.injectEndpoints({
  endpoints: (build) => ({
    submitFeedback: build.mutation<FeedbackRecord, FeedbackRequest>({
      query: (body) => ({ url: paths.feedback(), method: 'POST', body }),
      transformResponse: (r: FeedbackResponse) => r.result,
    }),
  }),
});

export const { useSubmitFeedbackMutation } = feedbackApi;
