/**
 * Browser-edge helpers of the contract-write and deploy tests (tests/e2e/writeContract.test.ts and
 * the paths walkers, tests/e2e/paths/walkers/{deploy,writeContract}.ts). Not a test file.
 * - An injected EIP-1193 wallet as a test double: window.ethereum put on the page by
 *   page.addInitScript, forwarding to the devnet through the test (the browser's edge) and
 *   signing with its own key; it can refuse the next request as a user would (EIP-1193 4001).
 * - A hook after a real answer of the product's API (the answer passes unchanged): what happens on
 *   the chain or to the network right after it (the gas estimated, then the chain changed; the
 *   transaction indexed, then the network dropped).
 * - Keyboard-only navigation (Tab until a control has focus).
 * - For writeContract.test.ts: sending from a dev account despite the traffic generator's nonces,
 *   and its injected wallet signing with a dev account.
 */
import { JsonRpcProvider, Wallet, type HDNodeWallet, type TransactionResponse } from 'ethers';
import type { Page } from 'playwright-core';

export interface DevnetWallet {
  /** 0x… of the wallet's account. */
  address: string;
  /** Every method the page asked for, in order. */
  calls: string[];
  /** Refuse the next eth_requestAccounts / eth_sendTransaction as a user would (4001), once. */
  rejectNext: boolean;
}

type Answer = { result?: unknown; error?: { code: number; message: string } };

/** Why a node refused a transaction, as ethers words it (its short message first). */
function reason(err: unknown): string {
  const e = err as { shortMessage?: string; info?: { error?: { message?: string } }; message?: string };
  return e.info?.error?.message ?? e.shortMessage ?? e.message ?? String(err);
}

/** The page's `window.ethereum`: an EIP-1193 provider whose requests go to the exposed `__devnetWallet`. */
async function exposeEthereum(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const bridge = (window as unknown as { __devnetWallet: (m: string, p: unknown[]) => Promise<Answer> }).__devnetWallet;
    (window as unknown as { ethereum: unknown }).ethereum = {
      isTestDouble: true,
      request: async ({ method, params }: { method: string; params?: unknown[] }) => {
        const a = await bridge(method, params ?? []);
        if (a.error) throw Object.assign(new Error(a.error.message), { code: a.error.code });
        return a.result;
      },
    };
  });
}

/**
 * window.ethereum on `page` (before any of its scripts): accounts and sending through `privateKey`
 * on the devnet at `rpcUrl`; it starts on chain 0x1, so the page has to switch it; every other
 * method goes to the devnet as is.
 */
export async function injectDevnetWallet(page: Page, rpcUrl: string, privateKey: string): Promise<DevnetWallet> {
  const provider = new JsonRpcProvider(rpcUrl, undefined, { staticNetwork: true });
  const signer = new Wallet(privateKey, provider);
  const wallet: DevnetWallet = { address: signer.address, calls: [], rejectNext: false };
  let chainId = '0x1';
  const devnetChain = `0x${BigInt(await provider.send('eth_chainId', [])).toString(16)}`;
  page.on('close', () => provider.destroy());
  await page.exposeFunction('__devnetWallet', async (method: string, params: unknown[]): Promise<Answer> => {
    wallet.calls.push(method);
    if ((method === 'eth_requestAccounts' || method === 'eth_sendTransaction') && wallet.rejectNext) {
      wallet.rejectNext = false;
      return { error: { code: 4001, message: 'User rejected the request.' } };
    }
    if (method === 'eth_requestAccounts' || method === 'eth_accounts') return { result: [signer.address] };
    if (method === 'eth_chainId') return { result: chainId };
    if (method === 'wallet_switchEthereumChain') {
      const wanted = (params[0] as { chainId: string }).chainId;
      if (wanted !== devnetChain) return { error: { code: 4902, message: 'Unrecognized chain' } };
      chainId = wanted;
      return { result: null };
    }
    try {
      if (method === 'eth_sendTransaction') {
        if (chainId !== devnetChain) return { error: { code: 4901, message: 'wrong chain' } };
        const t = params[0] as { to?: string; data: string; value?: string; gas?: string };
        const tx = await signer.sendTransaction({
          ...(t.to ? { to: t.to } : {}),
          data: t.data,
          value: BigInt(t.value ?? '0x0'),
          ...(t.gas ? { gasLimit: BigInt(t.gas) } : {}),
        });
        return { result: tx.hash };
      }
      return { result: await provider.send(method, params) };
    } catch (err) {
      return { error: { code: -32000, message: reason(err) } };
    }
  });
  await exposeEthereum(page);
  return wallet;
}

/**
 * Once the page's next request to the API path matching `pattern` (e.g. '/preparetx') is answered
 * by the product and `when` holds for the answer's JSON, runs `then` before the page gets the
 * answer (unchanged). One-shot: later requests pass untouched.
 */
export async function afterAnswer(
  page: Page,
  pattern: string,
  then: () => Promise<void>,
  when: (body: unknown) => boolean = () => true,
): Promise<void> {
  let done = false;
  await page.route(`**/api${pattern}`, async (route) => {
    if (done) return route.fallback();
    const response = await route.fetch();
    const body: unknown = await response.json().catch(() => null);
    if (when(body)) {
      done = true;
      await then();
    }
    await route.fulfill({ response });
  });
}

/** What Tab should reach: a control whose text is `text` (optionally in a write card / section), or an input whose label starts with `label`. */
export type Target = { text: string; card?: string; section?: string } | { label: string };
export const byText = (text: string): Target => ({ text });
export const inputLabelled = (label: string): Target => ({ label });

/** Presses Tab until the focused element is `target` (keyboard only: no click, no focus()). */
export async function tabTo(page: Page, what: string, target: Target): Promise<void> {
  for (let i = 0; i < 250; i++) {
    await page.keyboard.press('Tab');
    const ok = await page.evaluate((t) => {
      const el = document.activeElement;
      if (!el) return false;
      if ('text' in t) {
        if (el.textContent?.trim() !== t.text) return false;
        // Optionally: inside the form card whose title ends with `card`, in the section titled `section`.
        if (t.card && !el.closest('.write-fn')?.querySelector('h4')?.textContent?.trim().endsWith(t.card)) return false;
        return !t.section || el.closest('section')?.querySelector('h3')?.textContent?.trim() === t.section;
      }
      return el instanceof HTMLInputElement && !!el.labels && [...el.labels].some((l) => (l.textContent ?? '').trim().startsWith(t.label));
    }, target);
    if (ok) return;
  }
  throw new Error(`Tab never reached ${what}`);
}

export interface HeldChunk {
  /** Lets the held request through (the chunk loads). */
  release(): Promise<void>;
  /** Fails the held request as a dropped network does (chromium offline first, back online by `online`). */
  fail(offline: (on: boolean) => Promise<void>): Promise<void>;
}

/**
 * Holds the page's first request for the built chunk whose file starts with `name` (e.g.
 * 'contractSigner': /assets/contractSigner-<hash>.js) until released or failed: the wallet
 * detection a slow network keeps waiting, or loses.
 */
export async function holdChunk(page: Page, name: string): Promise<HeldChunk> {
  let settle: ((how: 'go' | 'fail') => void) | null = null;
  const decided = new Promise<'go' | 'fail'>((r) => (settle = r));
  let arrived: () => void = () => undefined;
  const requested = new Promise<void>((r) => (arrived = r));
  let first = true;
  await page.route(`**/assets/${name}-*.js`, async (route) => {
    if (!first) return route.fallback();
    first = false;
    arrived();
    if ((await decided) === 'go') await route.fallback();
    else await route.abort('internetdisconnected');
  });
  return {
    release: async () => {
      settle?.('go');
    },
    fail: async (offline) => {
      await requested;
      await offline(true);
      settle?.('fail');
    },
  };
}

/** POST {baseUrl}/api{apiPath} with a JSON body (and a bearer token); its JSON, or an error naming the status. */
export async function postJson<T>(baseUrl: string, apiPath: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl}/api${apiPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${apiPath}: HTTP ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Sends from a dev account, retrying when the traffic generator took the same nonce. */
export async function fromDev(
  provider: JsonRpcProvider,
  send: (nonce: number) => Promise<TransactionResponse>,
  from: string,
): Promise<TransactionResponse> {
  for (let attempt = 0; ; attempt++) {
    try {
      const tx = await send(await provider.getTransactionCount(from, 'pending'));
      await tx.wait(1, 60_000);
      return tx;
    } catch (err) {
      if (attempt >= 8 || !/nonce|underpriced|already known/i.test(String(err))) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/** window.ethereum as a test double for writeContract.test.ts: eth_* go to the devnet through the test; it signs with `dev` (a dev account). */
export async function injectWallet(page: Page, provider: JsonRpcProvider, dev: Wallet | HDNodeWallet): Promise<string[]> {
  const calls: string[] = [];
  let chainId = '0x1';
  const signer = dev.connect(provider);
  await page.exposeFunction('__devnetWallet', async (method: string, params: unknown[]) => {
    calls.push(method);
    if (method === 'eth_requestAccounts' || method === 'eth_accounts') return { result: [signer.address] };
    if (method === 'eth_chainId') return { result: chainId };
    if (method === 'wallet_switchEthereumChain') {
      const wanted = (params[0] as { chainId: string }).chainId;
      if (wanted !== `0x${(18215).toString(16)}`) return { error: { code: 4902, message: 'Unrecognized chain' } };
      chainId = wanted;
      return { result: null };
    }
    if (method === 'eth_sendTransaction') {
      if (chainId !== '0x4727') return { error: { code: 4901, message: 'wrong chain' } };
      const t = params[0] as { to: string; data: string; value?: string; gas?: string };
      const tx = await fromDev(
        provider,
        (nonce) =>
          signer.sendTransaction({
            to: t.to,
            data: t.data,
            value: BigInt(t.value ?? '0x0'),
            gasLimit: t.gas ? BigInt(t.gas) : undefined,
            nonce,
          }),
        signer.address,
      );
      return { result: tx.hash };
    }
    try {
      return { result: await provider.send(method, params) };
    } catch (err) {
      return { error: { code: -32000, message: String(err) } };
    }
  });
  await exposeEthereum(page);
  return calls;
}
