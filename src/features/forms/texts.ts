/** Texts of the report-issue and feature-request forms (the spec's fields and success message). */
import type { FeedbackKind } from '../../../common/api/feedback';
import { defineTexts } from '../../lib/i18n';

export const FORM_TEXTS = defineTexts('forms.texts', {
  name: 'Name',
  email: 'Email',
  description: { issue: 'Issue description', feature: 'Features description' },
  intro: {
    issue: 'Found something wrong in Ruby Explorer? Tell us what happened, where, and what you expected to see.',
    feature: 'Missing something in Ruby Explorer? Describe the feature you would like and how you would use it.',
  },
  placeholder: {
    issue: 'What happened, on which page (a link helps), and what did you expect?',
    feature: 'What would you like to do, and why?',
  },
  emailHint: 'Only used to answer you about this request.',
  submit: 'Submit',
  submitting: 'Submitting...',
  remaining: (n: number) => `${n} characters left`,
  failed: ({ message }: { message: string }) => `The request could not be sent: ${message}`,
  network: 'the server could not be reached. Check your connection and try again.',
} as const);

export type FormKind = FeedbackKind;
