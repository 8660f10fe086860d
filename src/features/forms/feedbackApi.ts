/** The forms' one call: POST /feedback (common/api/feedback.ts). Nothing is cached. */
import type { AnswerOf } from '../../../common/api/answers';
import type { FeedbackRequest } from '../../../common/api/feedback';
import { paths } from '../../../common/api/paths';
import { api } from '../../app/api';

export const feedbackApi = api.injectEndpoints({
  endpoints: (build) => ({
    submitFeedback: build.mutation<AnswerOf<'feedback'>['result'], FeedbackRequest>({
      query: (body) => ({ url: paths.feedback(), method: 'POST', body }),
      transformResponse: (r: AnswerOf<'feedback'>) => r.result,
    }),
  }),
});

export const { useSubmitFeedbackMutation } = feedbackApi;
