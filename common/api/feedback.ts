/**
 * Report-issue and feature-request submissions (POST /api/feedback). The limits, the validation
 * and its messages live here once: the forms check with them before sending, and the server
 * checks again with the same function, so both sides say the same thing about the same input.
 *
 * Plain TypeScript on purpose (no TypeBox values): the SPA imports this module at run time.
 * The route's TypeBox schema is built from FEEDBACK_LIMITS in server/api/routes/feedback.ts.
 */

export const FEEDBACK_KINDS = ['issue', 'feature'] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];

export const FEEDBACK_LIMITS = {
  name: { min: 1, max: 100 },
  email: { min: 3, max: 254 },
  description: { min: 10, max: 5000 },
  /** Largest accepted request body in bytes (the longest valid form fits with room to spare). */
  bodyBytes: 32_768,
  /** Submissions per IP address per window. */
  perWindow: 5,
  windowMs: 10 * 60_000,
} as const;

/** Deliberately simple: something@something.tld, no spaces; the mailbox itself is not checked. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export interface FeedbackFields {
  name: string;
  email: string;
  description: string;
}

export interface FeedbackRequest extends FeedbackFields {
  kind: FeedbackKind;
}

export interface FeedbackRecord extends FeedbackRequest {
  id: number;
  /** ISO 8601 time the submission was stored. */
  createdAt: string;
}

export type FeedbackField = keyof FeedbackFields;
export type FeedbackErrors = Partial<Record<FeedbackField, string>>;

export const FEEDBACK_MESSAGES = {
  nameRequired: 'Name is required.',
  nameTooLong: `Name must be at most ${FEEDBACK_LIMITS.name.max} characters.`,
  emailRequired: 'Email is required.',
  emailInvalid: 'Enter a valid email address, like name@example.com.',
  emailTooLong: `Email must be at most ${FEEDBACK_LIMITS.email.max} characters.`,
  descriptionRequired: { issue: 'Please describe the issue.', feature: 'Please describe the feature.' },
  descriptionTooShort: `The description must be at least ${FEEDBACK_LIMITS.description.min} characters.`,
  descriptionTooLong: `The description must be at most ${FEEDBACK_LIMITS.description.max} characters.`,
  kindInvalid: "kind must be 'issue' or 'feature'.",
  notAnObject: 'The request body must be a JSON object with kind, name, email and description.',
  notText: '{field} must be text.',
  rateLimited: 'Too many submissions from your address. Please try again in {minutes} minutes.',
} as const;

export function isFeedbackKind(v: unknown): v is FeedbackKind {
  return typeof v === 'string' && (FEEDBACK_KINDS as readonly string[]).includes(v);
}

/** Length in characters as a person counts them (an emoji is one). */
const length = (s: string) => [...s].length;

/** The fields as stored: surrounding whitespace dropped. */
export function normalizeFeedback(fields: FeedbackFields): FeedbackFields {
  return { name: fields.name.trim(), email: fields.email.trim(), description: fields.description.trim() };
}

/** Field → message for every field that is wrong (empty object: valid). Trims before checking. */
export function validateFeedback(kind: FeedbackKind, raw: FeedbackFields): FeedbackErrors {
  const f = normalizeFeedback(raw);
  const errors: FeedbackErrors = {};
  if (f.name === '') errors.name = FEEDBACK_MESSAGES.nameRequired;
  else if (length(f.name) > FEEDBACK_LIMITS.name.max) errors.name = FEEDBACK_MESSAGES.nameTooLong;
  if (f.email === '') errors.email = FEEDBACK_MESSAGES.emailRequired;
  else if (length(f.email) > FEEDBACK_LIMITS.email.max) errors.email = FEEDBACK_MESSAGES.emailTooLong;
  else if (!EMAIL_PATTERN.test(f.email)) errors.email = FEEDBACK_MESSAGES.emailInvalid;
  if (f.description === '') errors.description = FEEDBACK_MESSAGES.descriptionRequired[kind];
  else if (length(f.description) < FEEDBACK_LIMITS.description.min) errors.description = FEEDBACK_MESSAGES.descriptionTooShort;
  else if (length(f.description) > FEEDBACK_LIMITS.description.max) errors.description = FEEDBACK_MESSAGES.descriptionTooLong;
  return errors;
}

/**
 * Checks an untrusted request body. Returns the normalized request, or one message naming every
 * problem (what the API answers with 400).
 */
export function parseFeedbackBody(body: unknown): { ok: true; value: FeedbackRequest } | { ok: false; message: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, message: FEEDBACK_MESSAGES.notAnObject };
  const b = body as Record<string, unknown>;
  if (!isFeedbackKind(b.kind)) return { ok: false, message: FEEDBACK_MESSAGES.kindInvalid };
  const problems: string[] = [];
  const text = (field: FeedbackField): string => {
    const v = b[field];
    if (v === undefined || v === null) return '';
    if (typeof v === 'string') return v;
    problems.push(FEEDBACK_MESSAGES.notText.replace('{field}', field));
    return '';
  };
  const fields = { name: text('name'), email: text('email'), description: text('description') };
  if (problems.length > 0) return { ok: false, message: problems.join(' ') };
  const errors = validateFeedback(b.kind, fields);
  const messages = Object.values(errors);
  if (messages.length > 0) return { ok: false, message: messages.join(' ') };
  return { ok: true, value: { kind: b.kind, ...normalizeFeedback(fields) } };
}
