/**
 * The deploy screen with its real upload (deployUpload.ts) over a stubbed fetch: the multipart
 * fields the server receives, and each state the user sees (validation, deploying, deployed with
 * copy, server errors, no answer); leaving the page mid-request aborts it and leaves no trace.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSTRUCTOR_HELP } from '../../../../common/api/deployConstants';
import { fillMessage, MESSAGES, SCREEN_TITLES } from '../../../../common/spec';
import { DeployContractPage } from '../../../../src/features/deploy/DeployContractPage';
import { DEPLOY_TEXTS } from '../../../../src/features/deploy/texts';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { apiPaths } from '../../../../common/api/paths';

const copyText = vi.hoisted(() => vi.fn<(text: string) => Promise<void>>());
vi.mock('../../../../src/lib/clipboard', () => ({ copyText }));

const ADDRESS = 'r5FbDB2315678afecb367f032d93F642f64180aa3';
const SOURCE = 'pragma solidity ^0.8.20;\ncontract Counter { uint256 public count; }\n';
const KEY = `0x${'ac'.repeat(32)}`;

type Answer = { status: number; body: unknown } | 'network' | 'pending';
let answer: Answer;
let sent: FormData | null;
let signal: AbortSignal | null | undefined;

beforeEach(() => {
  sent = null;
  signal = undefined;
  copyText.mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      sent = init.body as FormData;
      signal = init.signal;
      if (answer === 'network') throw new TypeError('Failed to fetch');
      if (answer === 'pending') return new Promise<Response>(() => {});
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function fillForm(type = 'DApp') {
  fireEvent.change(screen.getByLabelText(DEPLOY_TEXTS.contractName), { target: { value: 'Counter' } });
  fireEvent.change(screen.getByLabelText(DEPLOY_TEXTS.privateKey), { target: { value: KEY } });
  fireEvent.change(screen.getByLabelText(DEPLOY_TEXTS.contractType), { target: { value: type } });
  await act(async () => {
    fireEvent.change(screen.getByLabelText(DEPLOY_TEXTS.file), { target: { files: [new File([SOURCE], 'Counter.sol')] } });
  });
  await screen.findByRole('heading', { name: `${DEPLOY_TEXTS.preview}: Counter.sol` });
}

/** The page under the app's providers, and a way to leave it (the toasts stay, as in the app). */
function PageThenElsewhere() {
  const [here, setHere] = useState(true);
  return (
    <>
      {here && <DeployContractPage />}
      <button type="button" onClick={() => setHere(false)}>
        Leave
      </button>
    </>
  );
}

const deployButton = () => screen.getByRole('button', { name: /^(Deploy|Deploying\.\.\.)$/ });

describe('DeployContractPage', () => {
  it('shows the form with the spec labels, a password key field, a .sol picker and what constructors work', () => {
    renderWithProviders(<DeployContractPage />);
    expect(screen.getByRole('heading', { level: 1, name: SCREEN_TITLES.deployContract })).toBeInTheDocument();
    expect(screen.getByLabelText(DEPLOY_TEXTS.privateKey)).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText(DEPLOY_TEXTS.file)).toHaveAttribute('accept', '.sol');
    expect(screen.getByRole('option', { name: 'Token (RBC20)' })).toHaveValue('RBC20');
    expect(screen.getByRole('option', { name: 'DApp / NFT' })).toHaveValue('DApp');
    expect(screen.getByText(new RegExp(CONSTRUCTOR_HELP.slice(0, 40).replace(/[()]/g, '\\$&')))).toBeInTheDocument();
  });

  it("asks for every field: 'Please fill in all fields.' and no request", () => {
    renderWithProviders(<DeployContractPage />);
    fireEvent.change(screen.getByLabelText(DEPLOY_TEXTS.contractName), { target: { value: 'Counter' } });
    fireEvent.click(deployButton());
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.deployFillAll);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("deploys: 'Deploying...' disabled, then the address, the success alert and Copy Address", async () => {
    answer = 'pending';
    renderWithProviders(<DeployContractPage />);
    await fillForm('RBC20');
    fireEvent.click(deployButton());
    await waitFor(() => expect(deployButton()).toHaveTextContent(MESSAGES.deploying));
    expect(deployButton()).toBeDisabled();
    expect(sent?.get('contractName')).toBe('Counter');
    expect(sent?.get('privatekey')).toBe(KEY);
    expect(sent?.get('contractType')).toBe('RBC20');
    expect(await (sent?.get('solFile') as File).text()).toBe(SOURCE);
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe(apiPaths.deploy());
  });

  it('shows the deployed address; Copy Address copies it, a failure names its reason', async () => {
    answer = { status: 200, body: { status: true, contractAddress: ADDRESS, transactionHash: `0x${'12'.repeat(32)}` } };
    renderWithProviders(<DeployContractPage />);
    await fillForm();
    fireEvent.click(deployButton());
    expect(await screen.findByText(MESSAGES.deploySuccess)).toBeInTheDocument();
    expect(screen.getByTestId('deployed-address')).toHaveTextContent(ADDRESS);
    expect(screen.getByRole('link', { name: DEPLOY_TEXTS.viewContract })).toHaveAttribute('href', `/contractDetail/${ADDRESS}`);
    // The key is forgotten once used.
    expect(screen.getByLabelText(DEPLOY_TEXTS.privateKey)).toHaveValue('');

    copyText.mockResolvedValueOnce();
    fireEvent.click(screen.getByRole('button', { name: DEPLOY_TEXTS.copyAddress }));
    expect(await screen.findByText(DEPLOY_TEXTS.copied)).toBeInTheDocument();
    expect(copyText).toHaveBeenCalledWith(ADDRESS);

    copyText.mockRejectedValueOnce(new Error('Document is not focused.'));
    fireEvent.click(screen.getByRole('button', { name: DEPLOY_TEXTS.copyAddress }));
    expect(await screen.findByText(fillMessage(MESSAGES.deployCopyFailed, { reason: 'Document is not focused.' }))).toBeInTheDocument();
  });

  it("shows the server's compile error, and the spec text when no address or no answer comes back", async () => {
    answer = { status: 400, body: { status: false, message: "Compilation failed:\nParserError: Expected ';' but got 'function'" } };
    renderWithProviders(<DeployContractPage />);
    await fillForm();
    fireEvent.click(deployButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Error uploading file: Compilation failed: ParserError: Expected ';' but got 'function'",
    );
    expect(deployButton()).toBeEnabled();

    answer = { status: 200, body: { status: true } };
    fireEvent.click(deployButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.deployUploadError));

    answer = 'network';
    fireEvent.click(deployButton());
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledTimes(3));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.deployUploadError));
  });

  it('leaving the page while deploying aborts the upload request', async () => {
    answer = 'pending';
    renderWithProviders(<PageThenElsewhere />);
    await fillForm();
    fireEvent.click(deployButton());
    await waitFor(() => expect(deployButton()).toHaveTextContent(MESSAGES.deploying));
    expect(signal).toBeInstanceOf(AbortSignal);
    expect(signal?.aborted).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(signal?.aborted).toBe(true);
  });

  it('leaving the page while copying the address shows no toast afterwards', async () => {
    answer = { status: 200, body: { status: true, contractAddress: ADDRESS } };
    renderWithProviders(<PageThenElsewhere />);
    await fillForm();
    fireEvent.click(deployButton());
    await screen.findByText(MESSAGES.deploySuccess);
    let copied!: () => void;
    copyText.mockImplementationOnce(() => new Promise<void>((r) => (copied = r)));
    fireEvent.click(screen.getByRole('button', { name: DEPLOY_TEXTS.copyAddress }));
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    await act(async () => {
      copied();
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(screen.queryByText(DEPLOY_TEXTS.copied)).toBeNull();
  });
});
