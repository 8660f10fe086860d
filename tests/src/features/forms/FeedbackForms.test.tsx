import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FEEDBACK_LIMITS, FEEDBACK_MESSAGES } from '../../../../common/api/feedback';
import { MESSAGES } from '../../../../common/spec';
import { FeatureRequestPage } from '../../../../src/features/forms/FeatureRequestPage';
import { IssueFormPage } from '../../../../src/features/forms/IssueFormPage';
import { mockApi, type Handler } from '../../../helpers/fetchMock';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { paths } from '../../../../common/api/paths';

/** The network edge: records what the form sends and answers with `reply` (or never / a dropped connection). */
const serve = (reply: Handler) => mockApi([[/./, reply]]).requests;

const stored = (kind: string) => ({
  status: 201,
  body: {
    status: true,
    result: { id: 1, kind, name: 'Ada', email: 'ada@example.com', description: 'x', createdAt: '2024-11-07T00:00:00.000Z' },
  },
});

async function fill(description: string, { name = 'Ada Lovelace', email = 'ada@example.com' } = {}) {
  const user = userEvent.setup();
  if (name) await user.type(screen.getByLabelText('Name'), name);
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (description) await user.type(screen.getByRole('textbox', { name: /description/ }), description);
  return user;
}

// Typing with user-event is slow on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('IssueForm and Featurerequest', () => {
  it("the issue form POSTs name, email and issue description and only then says 'Request successfully submitted'", async () => {
    const sent = serve(stored('issue'));
    renderWithProviders(<IssueFormPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Report issue' })).toBeInTheDocument();
    expect(screen.getByLabelText('Issue description')).toBeInTheDocument();
    const user = await fill('The charts page never stops loading.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MESSAGES.requestSubmitted)).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'POST',
        path: paths.feedback(),
        auth: null,
        body: { kind: 'issue', name: 'Ada Lovelace', email: 'ada@example.com', description: 'The charts page never stops loading.' },
      },
    ]);
    // The form is cleared for a next report.
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it('the feature form sends kind feature with the features description', async () => {
    const sent = serve(stored('feature'));
    renderWithProviders(<FeatureRequestPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Feature request' })).toBeInTheDocument();
    const user = await fill('A CSV export of the top accounts list.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MESSAGES.requestSubmitted)).toBeInTheDocument();
    expect(sent[0]?.body).toMatchObject({ kind: 'feature', description: 'A CSV export of the top accounts list.' });
    expect(screen.getByLabelText('Features description')).toBeInTheDocument();
  });

  it('required fields: nothing is sent, each field names its problem and the first one gets the focus', async () => {
    const sent = serve(stored('issue'));
    renderWithProviders(<IssueFormPage />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText(FEEDBACK_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(FEEDBACK_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(FEEDBACK_MESSAGES.descriptionRequired.issue)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(FEEDBACK_MESSAGES.nameRequired);
    expect(sent).toHaveLength(0);
    expect(screen.queryByText(MESSAGES.requestSubmitted)).not.toBeInTheDocument();
    // Errors follow the typing once shown.
    await user.type(screen.getByLabelText('Name'), 'Ada');
    expect(screen.queryByText(FEEDBACK_MESSAGES.nameRequired)).not.toBeInTheDocument();
  });

  it('email format and length limits', async () => {
    const sent = serve(stored('feature'));
    renderWithProviders(<FeatureRequestPage />);
    const user = await fill('short', { email: 'ada-at-example' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText(FEEDBACK_MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(FEEDBACK_MESSAGES.descriptionTooShort)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(sent).toHaveLength(0);
    expect(screen.getByLabelText('Name')).toHaveAttribute('maxlength', String(FEEDBACK_LIMITS.name.max));
    expect(screen.getByLabelText('Features description')).toHaveAttribute('maxlength', String(FEEDBACK_LIMITS.description.max));
    expect(screen.getByText(`${FEEDBACK_LIMITS.description.max - 5} characters left`)).toBeInTheDocument();
  });

  it("shows the server's message (rate limit) and no success", async () => {
    serve({ status: 429, body: { status: false, message: 'Too many submissions from your address. Please try again in 10 minutes.' } });
    renderWithProviders(<IssueFormPage />);
    const user = await fill('Something is wrong with the block list.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The request could not be sent: Too many submissions from your address. Please try again in 10 minutes.',
    );
    expect(screen.queryByText(MESSAGES.requestSubmitted)).not.toBeInTheDocument();
    // What was typed stays, to send again later.
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace');
  });

  it('a dropped connection says so; while sending the button is disabled', async () => {
    serve('network');
    renderWithProviders(<IssueFormPage />);
    let user = await fill('Something is wrong with the block list.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('the server could not be reached'));

    vi.restoreAllMocks();
    serve('pending');
    user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
  });
});
