/**
 * The devnet's traffic generator verifies its own sample contracts through the product's
 * Etherscan-compatible API, as a deployer's Hardhat or Foundry would: one
 * `module=contract&action=verifysourcecode` POST per contract with the standard JSON input the
 * contracts were compiled from, then `checkverifystatus` with the answered guid. So a newcomer
 * sees verified sources, names and "Verified" badges instead of bytecode.
 *
 * The API answers only once the indexer has the contract ("Unable to locate ContractCode"), and a
 * busy machine may stop a long compilation: each contract is tried again a few seconds later, for
 * a few minutes at most. A contract that is already verified (a restart) counts as done.
 */
import { readProjectSources, standardInput } from './compile';
import type { Deployment } from './trafficContracts';

/** Fields of one Etherscan-style request; the answer's status "1" is success. */
export type EtherscanPost = (fields: Record<string, string>) => Promise<{ status: string; message?: string; result: unknown }>;

export interface SampleContract {
  address: string;
  /** "contracts/RubyToken.sol:RubyToken", as Hardhat names it. */
  contractName: string;
}

export function sampleContracts(d: Deployment): SampleContract[] {
  const name = (file: string) => `contracts/${file}.sol:${file}`;
  return [
    ...d.tokens.map((t) => ({ address: t.address, contractName: name('RubyToken') })),
    { address: d.router, contractName: name('RubyRouter') },
    ...d.pairs.map((p) => ({ address: p.address, contractName: name('RubyPair') })),
    { address: d.splitter, contractName: name('RubySplitter') },
    { address: d.nft, contractName: name('RubyNFT') },
  ];
}

export interface VerifyOptions {
  post: EtherscanPost;
  log?: (m: string) => void;
  /** Give up on a contract after this long (default 5 minutes). */
  timeoutMs?: number;
  retryMs?: number;
  /** Stops the retries (the product shutting down). */
  signal?: AbortSignal;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Failures that say nothing about the source: the compiler was busy or stopped for time. */
const TRANSIENT = /took longer|busy|try again|too many/i;

/** Verifies every sample contract; returns the addresses verified (or found verified already). */
export async function verifySamples(d: Deployment, opts: VerifyOptions): Promise<string[]> {
  const input = standardInput(await readProjectSources());
  const sourceCode = JSON.stringify(input);
  const log = opts.log ?? (() => {});
  const deadline = Date.now() + (opts.timeoutMs ?? 300_000);
  const done: string[] = [];
  for (const c of sampleContracts(d)) {
    for (;;) {
      if (opts.signal?.aborted) return done;
      const answer = await opts
        .post({
          module: 'contract',
          action: 'verifysourcecode',
          contractaddress: c.address,
          contractname: c.contractName,
          codeformat: 'solidity-standard-json-input',
          sourceCode,
        })
        .catch((err: unknown) => ({ status: '0', result: err instanceof Error ? err.message : String(err) }));
      const text = String(answer.result);
      if (answer.status === '1') {
        const check = await opts.post({ module: 'contract', action: 'checkverifystatus', guid: text });
        if (check.status === '1') {
          done.push(c.address);
          break;
        }
        const why = String(check.result);
        // A busy machine stops a long compilation: that is worth another try, a mismatch is not.
        if (!TRANSIENT.test(why) || Date.now() > deadline) {
          log(`traffic: ${c.contractName} at ${c.address} not verified: ${why}`);
          break;
        }
        await sleep(opts.retryMs ?? 3_000);
        continue;
      }
      if (/already verified/i.test(text)) {
        done.push(c.address);
        break;
      }
      // Not indexed yet (or the API not up yet): try again shortly.
      if (Date.now() > deadline) {
        log(`traffic: gave up verifying ${c.contractName} at ${c.address}: ${text}`);
        break;
      }
      await sleep(opts.retryMs ?? 3_000);
    }
  }
  log(`traffic: verified ${done.length} of the sample contracts through the API`);
  return done;
}
