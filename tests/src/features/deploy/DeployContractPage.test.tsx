/**
 * The deploy screen with its real flows (deployFlows.ts, ethers signing in the page) over a stubbed
 * fetch: the compile request carries the spec's fields but no key, the pasted key signs in the
 * browser (only the signed transaction is relayed), the page waits for the creation and verifies
 * it; validation, server errors, no answer, and leaving the page mid-request (aborted, no trace).
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Transaction, Wallet } from 'ethers';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toRubyAddress } from '../../../../common/address';
import { CONSTRUCTOR_HELP } from '../../../../common/api/deployConstants';
import { apiPaths } from '../../../../common/api/paths';
import { fillMessage, MESSAGES, SCREEN_TITLES } from '../../../../common/spec';
import { DeployContractPage } from '../../../../src/features/deploy/DeployContractPage';
import { DEPLOY_TEXTS } from '../../../../src/features/deploy/texts';
import { renderWithProviders } from '../../utils/renderWithProviders';

const copyText = vi.hoisted(() => vi.fn<(text: string) => Promise<void>>());
vi.mock('../../../../src/lib/clipboard', () => ({ copyText }));

const ADDRESS = 'r5FbDB2315678afecb367f032d93F642f64180aa3';
const SOURCE = 'pragma solidity ^0.8.20;\ncontract Counter { uint256 public count; }\n';
const KEY = `0x${'ac'.repeat(32)}`;
const TX = `0x${'12'.repeat(32)}`;
const COMPILED = {
  status: true,
  contractName: 'Counter',
  contractType: 'dapp',
  fileName: 'Counter.sol',
  abi: [],
  bytecode: '0x6080604052',
  constructorArguments: [],
  encodedConstructorArguments: '0x',
  compilerVersion: 'v0.8.37+commit.a1b2c3d4',
  compilerSettings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun' },
};
const PREPARED = { chainId: 31337, nonce: 3, gasLimit: '90000', maxFeePerGas: '2000000000', maxPriorityFeePerGas: '1000000000' };

type Answer = { status: number; body: unknown } | 'network' | 'pending';
let compileAnswer: Answer;
let requests: Array<{ url: string; body: unknown; signal?: AbortSignal | null }>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  requests = [];
  copyText.mockReset();
  compileAnswer = { status: 200, body: COMPILED };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      requests.push({ url, body: init.body, signal: init.signal });
      if (url.endsWith(apiPaths.compileContract())) {
        if (compileAnswer === 'network') throw new TypeError('Failed to fetch');
        if (compileAnswer === 'pending') return new Promise<Response>(() => {});
        return json(compileAnswer.status, compileAnswer.body);
      }
      if (url.endsWith(apiPaths.prepareTx())) return json(200, { status: true, result: PREPARED });
      if (url.endsWith(apiPaths.sendRawTx())) return json(200, { status: true, result: TX });
      if (url.endsWith(apiPaths.txStatus(TX))) return json(200, { status: true, result: { indexed: true, status: 1, blockNumber: 9 } });
      if (url.endsWith(apiPaths.txData(TX))) return json(200, { status: true, result: { contractAddress: ADDRESS } });
      if (url.endsWith(apiPaths.verifyContract())) return json(200, { status: true, result: { address: ADDRESS } });
      return json(404, { status: false, message: `not stubbed: ${url}` });
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
/** Every request body as text (multipart fields joined), to look for the key. */
async function bodyText(body: unknown): Promise<string> {
  if (body instanceof FormData) {
    const parts = await Promise.all([...body.entries()].map(async ([k, v]) => `${k}=${typeof v === 'string' ? v : await v.text()}`));
    return parts.join('&');
  }
  return typeof body === 'string' ? body : '';
}

describe('DeployContractPage', { timeout: 30_000 }, () => {
  it('shows the form with the spec labels, a password key field, a .sol picker and what constructors work', () => {
    renderWithProviders(<DeployContractPage />);
    expect(screen.getByRole('heading', { level: 1, name: SCREEN_TITLES.deployContract })).toBeInTheDocument();
    expect(screen.getByLabelText(DEPLOY_TEXTS.privateKey)).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText(DEPLOY_TEXTS.file)).toHaveAttribute('accept', '.sol');
    expect(screen.getByRole('option', { name: 'Token (RBC20)' })).toHaveValue('RBC20');
    expect(screen.getByRole('option', { name: 'DApp / NFT' })).toHaveValue('DApp');
    expect(screen.getByText(new RegExp(CONSTRUCTOR_HELP.slice(0, 40).replace(/[()]/g, '\\$&')))).toBeInTheDocument();
  });

  it("asks for every field: 'Please fill in all fields.' and no request", async () => {
    renderWithProviders(<DeployContractPage />);
    await waitFor(() => expect(deployButton()).toBeEnabled());
    fireEvent.change(screen.getByLabelText(DEPLOY_TEXTS.contractName), { target: { value: 'Counter' } });
    fireEvent.click(deployButton());
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.deployFillAll);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('compiles without the key, signs in the browser, relays only the signed bytes, waits and verifies', async () => {
    renderWithProviders(<DeployContractPage />);
    await fillForm('DApp');
    fireEvent.click(deployButton());
    expect(await screen.findByText(MESSAGES.deploySuccess)).toBeInTheDocument();
    expect(screen.getByTestId('deployed-address')).toHaveTextContent(ADDRESS);
    expect(screen.getByTestId('deploy-verified')).toHaveTextContent(DEPLOY_TEXTS.verified);
    expect(screen.getByRole('link', { name: DEPLOY_TEXTS.viewContract })).toHaveAttribute('href', `/contractDetail/${ADDRESS}`);

    const compile = requests.find((r) => r.url.endsWith(apiPaths.compileContract()))?.body as FormData;
    expect(compile.get('contractName')).toBe('Counter');
    expect(compile.get('contractType')).toBe('DApp');
    expect(compile.get('privatekey')).toBeNull();
    expect(await (compile.get('solFile') as File).text()).toBe(SOURCE);

    const wallet = new Wallet(KEY);
    const prepare = JSON.parse(requests.find((r) => r.url.endsWith(apiPaths.prepareTx()))?.body as string);
    expect(prepare).toEqual({ from: toRubyAddress(wallet.address), data: COMPILED.bytecode, value: '0' });
    const raw = JSON.parse(requests.find((r) => r.url.endsWith(apiPaths.sendRawTx()))?.body as string).rawTransaction;
    const tx = Transaction.from(raw);
    expect(tx.from).toBe(wallet.address);
    expect(tx.to).toBeNull();
    expect(tx.data).toBe(COMPILED.bytecode);
    expect(tx.nonce).toBe(PREPARED.nonce);
    expect(tx.gasLimit).toBe(BigInt(PREPARED.gasLimit));

    const verify = JSON.parse(requests.find((r) => r.url.endsWith(apiPaths.verifyContract()))?.body as string);
    expect(verify).toMatchObject({ address: ADDRESS, contractName: 'Counter', source: SOURCE, fileName: 'Counter.sol' });
    // No request carried the key, with or without 0x.
    for (const r of requests) expect((await bodyText(r.body)).toLowerCase()).not.toContain(KEY.slice(2));
    // The key is forgotten once used.
    fireEvent.click(screen.getByRole('button', { name: DEPLOY_TEXTS.again }));
    expect(screen.getByLabelText(DEPLOY_TEXTS.privateKey)).toHaveValue('');
  });

  it('Copy Address copies the address; a failure names its reason', async () => {
    renderWithProviders(<DeployContractPage />);
    await fillForm();
    fireEvent.click(deployButton());
    await screen.findByText(MESSAGES.deploySuccess);
    copyText.mockResolvedValueOnce();
    fireEvent.click(screen.getByRole('button', { name: DEPLOY_TEXTS.copyAddress }));
    expect(await screen.findByText(DEPLOY_TEXTS.copied)).toBeInTheDocument();
    expect(copyText).toHaveBeenCalledWith(ADDRESS);
    copyText.mockRejectedValueOnce(new Error('Document is not focused.'));
    fireEvent.click(screen.getByRole('button', { name: DEPLOY_TEXTS.copyAddress }));
    expect(await screen.findByText(fillMessage(MESSAGES.deployCopyFailed, { reason: 'Document is not focused.' }))).toBeInTheDocument();
  });

  it("shows the server's compile error, and the spec text when no answer comes back", async () => {
    compileAnswer = { status: 400, body: { status: false, message: "Compilation failed:\nParserError: Expected ';' but got 'function'" } };
    renderWithProviders(<DeployContractPage />);
    await fillForm();
    fireEvent.click(deployButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Error uploading file: Compilation failed: ParserError: Expected ';' but got 'function'",
    );
    expect(deployButton()).toBeEnabled();
    compileAnswer = 'network';
    fireEvent.click(deployButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.deployUploadError));
    expect(requests.some((r) => r.url.endsWith(apiPaths.sendRawTx()))).toBe(false);
  });

  it('a malformed key is refused in the browser, before anything is signed or sent', async () => {
    renderWithProviders(<DeployContractPage />);
    await fillForm();
    fireEvent.change(screen.getByLabelText(DEPLOY_TEXTS.privateKey), { target: { value: 'not-a-key' } });
    fireEvent.click(deployButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(DEPLOY_TEXTS.badKey);
    expect(requests.map((r) => r.url).filter((u) => !u.endsWith(apiPaths.compileContract()))).toEqual([]);
  });

  it('leaving the page while compiling aborts the request', async () => {
    compileAnswer = 'pending';
    renderWithProviders(<PageThenElsewhere />);
    await fillForm();
    fireEvent.click(deployButton());
    await waitFor(() => expect(deployButton()).toHaveTextContent(MESSAGES.deploying));
    await waitFor(() => expect(requests.length).toBe(1));
    const signal = requests[0]?.signal;
    expect(signal).toBeInstanceOf(AbortSignal);
    expect(signal?.aborted).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(signal?.aborted).toBe(true);
  });

  it('leaving the page while copying the address shows no toast afterwards', async () => {
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
