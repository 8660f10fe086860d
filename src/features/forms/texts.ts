/** Texts of the report-issue and feature-request forms (the spec's fields and success message). */
import { FEEDBACK_LIMITS, FEEDBACK_MESSAGES } from '../../../common/api/feedback';
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

/**
 * The field errors of validateFeedback (common/api/feedback.ts): English there, shared with the
 * server (API clients read its words), shown here in the active language. The English of each is
 * the same text as FEEDBACK_MESSAGES, letter for letter.
 */
export const FEEDBACK_ERROR_TEXTS = defineTexts('forms.errors', {
  nameRequired: 'Name is required.',
  nameTooLong: (max: number) => `Name must be at most ${max} characters.`,
  emailRequired: 'Email is required.',
  emailInvalid: 'Enter a valid email address, like name@example.com.',
  emailTooLong: (max: number) => `Email must be at most ${max} characters.`,
  descriptionRequired: { issue: 'Please describe the issue.', feature: 'Please describe the feature.' },
  descriptionTooShort: (min: number) => `The description must be at least ${min} characters.`,
  descriptionTooLong: (max: number) => `The description must be at most ${max} characters.`,
} as const);

const E = FEEDBACK_ERROR_TEXTS;
const BY_ENGLISH: ReadonlyMap<string, () => string> = new Map<string, () => string>([
  [FEEDBACK_MESSAGES.nameRequired, () => E.nameRequired],
  [FEEDBACK_MESSAGES.nameTooLong, () => E.nameTooLong(FEEDBACK_LIMITS.name.max)],
  [FEEDBACK_MESSAGES.emailRequired, () => E.emailRequired],
  [FEEDBACK_MESSAGES.emailInvalid, () => E.emailInvalid],
  [FEEDBACK_MESSAGES.emailTooLong, () => E.emailTooLong(FEEDBACK_LIMITS.email.max)],
  [FEEDBACK_MESSAGES.descriptionRequired.issue, () => E.descriptionRequired.issue],
  [FEEDBACK_MESSAGES.descriptionRequired.feature, () => E.descriptionRequired.feature],
  [FEEDBACK_MESSAGES.descriptionTooShort, () => E.descriptionTooShort(FEEDBACK_LIMITS.description.min)],
  [FEEDBACK_MESSAGES.descriptionTooLong, () => E.descriptionTooLong(FEEDBACK_LIMITS.description.max)],
]);

/** A field error of validateFeedback in the active language (read while rendering); an unknown one as it came. */
export function feedbackErrorText(english: string): string {
  return BY_ENGLISH.get(english)?.() ?? english;
}
