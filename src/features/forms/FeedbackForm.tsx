import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  FEEDBACK_LIMITS,
  validateFeedback,
  type FeedbackErrors,
  type FeedbackField,
  type FeedbackFields,
  type FeedbackKind,
} from '../../../common/api/feedback';
import { MESSAGES } from '../../../common/spec';
import { classifyFailure } from '../../lib/failure';
import { useSubmitFeedbackMutation } from './feedbackApi';
import { FORM_TEXTS, feedbackErrorText } from './texts';
import './forms.css';

const EMPTY: FeedbackFields = { name: '', email: '', description: '' };
const ORDER: readonly FeedbackField[] = ['name', 'email', 'description'];

function failureText(err: unknown): string {
  const f = classifyFailure(err);
  const message = f.network ? FORM_TEXTS.network : (f.message ?? FORM_TEXTS.network);
  return FORM_TEXTS.failed({ message });
}

/**
 * The report-issue / feature-request form: checked here with the server's own rules, then POSTed;
 * 'Request successfully submitted' only once the server has stored it.
 */
export function FeedbackForm({ kind }: { kind: FeedbackKind }) {
  const id = useId();
  const [fields, setFields] = useState<FeedbackFields>(EMPTY);
  const [errors, setErrors] = useState<FeedbackErrors>({});
  const [tried, setTried] = useState(false);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [submit, { isLoading }] = useSubmitFeedbackMutation();
  const refs = useRef<Partial<Record<FeedbackField, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  const change = (field: FeedbackField, value: string) => {
    const next = { ...fields, [field]: value };
    setFields(next);
    setDone(false);
    // After a first attempt, errors follow the typing so the user sees them go away.
    if (tried) setErrors(validateFeedback(kind, next));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (isLoading) return;
    setTried(true);
    setFailure(null);
    setDone(false);
    const found = validateFeedback(kind, fields);
    setErrors(found);
    const first = ORDER.find((f) => found[f]);
    if (first) {
      refs.current[first]?.focus();
      return;
    }
    try {
      await submit({ kind, ...fields }).unwrap();
      setFields(EMPTY);
      setTried(false);
      setDone(true);
    } catch (err) {
      setFailure(failureText(err));
    }
  };

  const descLeft = FEEDBACK_LIMITS.description.max - [...fields.description].length;
  const describedBy = (field: FeedbackField, extra?: string) =>
    [errors[field] ? `${id}-${field}-error` : '', extra ?? ''].filter(Boolean).join(' ') || undefined;
  /** What every field's input carries: id, name, value and change, focus target, limits, errors and hints. */
  const bind = (field: FeedbackField, hint?: string) => ({
    id: `${id}-${field}`,
    ref: (el: HTMLInputElement | HTMLTextAreaElement | null) => void (refs.current[field] = el),
    name: field,
    required: true,
    maxLength: FEEDBACK_LIMITS[field].max,
    value: fields[field],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => change(field, e.target.value),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy(field, hint),
  });
  const error = (field: FeedbackField) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="form-field__error">
        {feedbackErrorText(errors[field])}
      </p>
    ) : null;

  return (
    <form className="panel feedback-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={isLoading}>
      <p className="feedback-form__intro">{FORM_TEXTS.intro[kind]}</p>
      <div className="form-field">
        <label htmlFor={`${id}-name`}>{FORM_TEXTS.name}</label>
        <input {...bind('name')} autoComplete="name" />
        {error('name')}
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-email`}>{FORM_TEXTS.email}</label>
        <input {...bind('email', `${id}-email-hint`)} type="email" autoComplete="email" inputMode="email" />
        <p id={`${id}-email-hint`} className="form-field__hint">
          {FORM_TEXTS.emailHint}
        </p>
        {error('email')}
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-description`}>{FORM_TEXTS.description[kind]}</label>
        <textarea {...bind('description', `${id}-description-count`)} rows={7} placeholder={FORM_TEXTS.placeholder[kind]} />
        <p id={`${id}-description-count`} className="form-field__hint form-field__count">
          {FORM_TEXTS.remaining(descLeft)}
        </p>
        {error('description')}
      </div>
      <div className="feedback-form__actions">
        <button type="submit" className="btn btn--primary" disabled={isLoading}>
          {isLoading ? FORM_TEXTS.submitting : FORM_TEXTS.submit}
        </button>
      </div>
      <div className="feedback-form__outcome">
        <div role="status" aria-live="polite">
          {done && <p className="alert alert--success">{MESSAGES.requestSubmitted}</p>}
        </div>
        <div role="alert">{failure && <p className="alert alert--error">{failure}</p>}</div>
      </div>
    </form>
  );
}
