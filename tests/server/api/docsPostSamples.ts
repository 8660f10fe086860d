/**
 * The POST half of tests/server/api/docsExamples.test.ts (issue #38, defect 19): which documented
 * operations get no live example and why, the realistic bodies of the ones that do (built from the
 * devnet's own values), and the redaction of secret fields before a body is recorded.
 */
import { Interface } from 'ethers';
import { toChecksumHexAddress, toRubyAddress } from '../../../common/address';
import { readProjectSources, standardInput } from '../../../server/chain/compile';
import type { Deployment } from '../../../server/chain/trafficContracts';
import { SECRET_FIELD, type NoLiveReason } from '../../../src/features/docs/examples';
import type { DocOperation } from '../../../src/features/docs/openapi';
import type { TestApi } from '../../helpers/apiFixture';

/**
 * Calls that move funds, make a key or need a log-in get no captured answer: a live example would
 * spend devnet funds or print a private key into the docs. Sourcify's lookups answer only for a
 * verification job or a Sourcify-verified contract, which this devnet sample has not (their shapes:
 * tests/server/api/sourcify*.test.ts). /compileContract takes a file upload, not a JSON body.
 */
const NO_LIVE_EXAMPLE: [RegExp, NoLiveReason][] = [
  [/^\w+ \/(send|sendtoken|sendrawtransaction|deploy)(\/|$)/, 'funds'],
  [/^\w+ \/createwallet(\/|$)/, 'secret'],
  [/^\w+ \/(watchlist|importtokenaddress)(\/|$)/, 'login'],
  [/^\w+ \/sourcify(\/|$)/, 'sourcify'],
  [/^POST \/compileContract$/, 'upload'],
];

export function noLiveReasonOf(op: DocOperation): NoLiveReason | undefined {
  return NO_LIVE_EXAMPLE.find(([re]) => re.test(op.key))?.[1];
}

export interface PostSample {
  body: Record<string, unknown>;
  /** The status the answer has (200 unless the real answer is a refusal, as "already verified"). */
  status: number;
}

export type Answer = { statusCode: number; body: unknown };

export async function post(api: TestApi, url: string, body: unknown): Promise<Answer> {
  const res = await api.app.inject({ method: 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  return { statusCode: res.statusCode, body: res.json() };
}

const ERC20 = new Interface(['function transfer(address to, uint256 amount) returns (bool)']);

export interface PostValues {
  /** A sample token, verified by verifyToken() first. */
  token: string;
  /** A holder of that token. */
  holder: string;
  /** Any other address. */
  other: string;
  /** The standard JSON input the sample token was verified with. */
  sourceCode: string;
}

/**
 * Verifies the sample token the examples use, as the product verifies its samples
 * (server/chain/trafficVerify.ts): Etherscan's verifysourcecode POST with the project's standard
 * JSON input. The call itself is the example of the Etherscan-style POST.
 */
export async function verifyToken(
  api: TestApi,
  deployment: Deployment,
  token: string,
): Promise<{ sample: PostSample; answer: Answer; sourceCode: string }> {
  const hit = deployment.tokens.find((t) => toRubyAddress(t.address) === token);
  if (!hit) throw new Error(`the sample token ${token} is not one of the devnet's own tokens`);
  const sourceCode = JSON.stringify(standardInput(await readProjectSources()));
  const body = {
    module: 'contract',
    action: 'verifysourcecode',
    contractaddress: token,
    contractname: 'contracts/RubyToken.sol:RubyToken',
    codeformat: 'solidity-standard-json-input',
    sourceCode,
  };
  const answer = await post(api, '/api/', body);
  // Etherscan's verification answers a GUID at once and verifies after: the examples that follow
  // need the contract verified, so wait for the outcome (checkverifystatus) as Hardhat does.
  const guid = (answer.body as { result?: unknown }).result;
  for (let i = 0; typeof guid === 'string' && i < 240; i++) {
    const res = await api.get<{ status: string; result: string }>(`/api/?module=contract&action=checkverifystatus&guid=${guid}`);
    if (!/pending/i.test(res.body.result)) {
      if (res.body.status !== '1') throw new Error(`the sample token's verification failed: ${res.body.result}`);
      break;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { sample: { body, status: 200 }, answer, sourceCode };
}

/** The bodies of the POST operations with a live example, by operation key. */
export function postSamples(v: PostValues): Record<string, PostSample> {
  const transfer = ERC20.encodeFunctionData('transfer', [toChecksumHexAddress(v.other), 1n]);
  return {
    'POST /readContract': { body: { address: v.token, function: 'balanceOf', args: [v.holder] }, status: 200 },
    'POST /estimatecall': { body: { from: v.holder, to: v.token, value: '0', data: transfer }, status: 200 },
    'POST /preparetx': { body: { from: v.holder, to: v.other, value: '1000000000000000000' }, status: 200 },
    // Already verified above: the refusal (409) is the real answer of a second verification.
    'POST /verifyContract': {
      body: { address: v.token, contractName: 'RubyToken', fileName: 'RubyToken.sol', source: sourceOf(v.sourceCode) },
      status: 409,
    },
  };
}

function sourceOf(standardJson: string): string {
  const input = JSON.parse(standardJson) as { sources: Record<string, { content: string }> };
  return input.sources['contracts/RubyToken.sol']?.content ?? '';
}

/** The body as recorded: secret fields '…'. */
export function redact(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, SECRET_FIELD.test(k) ? '…' : v]));
}
