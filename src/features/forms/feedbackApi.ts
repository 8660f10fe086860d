/** The forms' one call: POST /feedback (common/api/feedback.ts). Nothing is cached. */
import { FEEDBACK_PATH, type FeedbackRecord, type FeedbackRequest, type FeedbackResponse } from '../../../common/api/feedback';
import { api } from '../../app/api';

export const feedbackApi = api.injectEndpoints({
  endpoints: (build) => ({
    submitFeedback: build.mutation<FeedbackRecord, FeedbackRequest>({
      query: (body) => ({ url: FEEDBACK_PATH, method: 'POST', body }),
      transformResponse: (r: FeedbackResponse) => r.result,
    }),
  }),
});

export const { useSubmitFeedbackMutation } = feedbackApi;
