/**
 * The verify machine's actors: Sourcify's v2 API as the explorer serves it under /api/sourcify/
 *. POST /v2/verify/{chainId}/{address} answers 202 { verificationId }; GET
 * /v2/verify/{verificationId} the job. A refusal (4xx with Sourcify's { customCode, message })
 * becomes a VerifyRequestError carrying both; a network failure stays a plain error (the machine
 * says the service did not answer).
 *
 * Sourcify's API takes no constructor arguments (they come from the chain). When the user gives
 * some, the same source goes through the Etherscan-style verifysourcecode instead, which runs the
 * same checks and refuses arguments that differ from the chain's; its guid is then polled with
 * checkverifystatus and, once passed, the match levels are read from GET /v2/contract.
 */
import { toChecksumHexAddress } from '../../../common/address';
import { paths } from '../../../common/api/paths';
import { API_BASE } from '../../app/api';
import { VerifyRequestError, type SubmitInput, type VerifyJob } from '../../machines/verifyMachine';

async function answerOf(res: Response): Promise<Record<string, unknown>> {
  try {
    const data: unknown = await res.json();
    return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function refusal(res: Response, body: Record<string, unknown>): VerifyRequestError {
  const message = typeof body.message === 'string' && body.message.trim() !== '' ? body.message : `HTTP ${res.status}`;
  return new VerifyRequestError(message, typeof body.customCode === 'string' ? body.customCode : null);
}

export async function submitVerification(chainId: string, input: SubmitInput, signal?: AbortSignal): Promise<{ verificationId: string }> {
  if (input.constructorArgs !== null) return submitEtherscan(chainId, input, signal);
  const url = `${API_BASE}${paths.sourcifyVerify({ chainId, address: toChecksumHexAddress(input.address) })}`;
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input.body),
    signal,
  });
  const body = await answerOf(res);
  if (!res.ok || typeof body.verificationId !== 'string') throw refusal(res, body);
  return { verificationId: body.verificationId };
}

export async function pollVerification(verificationId: string, signal?: AbortSignal): Promise<VerifyJob> {
  const es = ETHERSCAN_ID.exec(verificationId);
  if (es) return pollEtherscan(verificationId, es[1] as string, es[2] as string, es[3] as string, signal);
  const res = await fetch(`${API_BASE}${paths.sourcifyJob(verificationId)}`, { signal });
  const body = await answerOf(res);
  if (!res.ok || typeof body.isJobCompleted !== 'boolean') throw refusal(res, body);
  // Sourcify's job shape (common/api/sourcify.ts SourcifyJobResponse); only these fields are read.
  const job = body as unknown as VerifyJob;
  return {
    isJobCompleted: job.isJobCompleted,
    verificationId: job.verificationId,
    contract: job.contract,
    ...(job.error ? { error: { customCode: job.error.customCode, message: job.error.message } } : {}),
  };
}

/** The Etherscan-style job's id as the machine keeps it: what the poll needs to read the match levels. */
const ETHERSCAN_ID = /^etherscan:(\d+):(0x[0-9a-fA-F]{40}):(.+)$/;

interface EtherscanAnswer {
  status?: unknown;
  result?: unknown;
}

async function etherscanCall(query: Record<string, string>, init: RequestInit = {}): Promise<{ ok: boolean; text: string }> {
  const res = await fetch(`${API_BASE}${paths.etherscan(init.method === 'POST' ? undefined : query)}`, init);
  const body = (await answerOf(res)) as EtherscanAnswer;
  const text = typeof body.result === 'string' ? body.result : `HTTP ${res.status}`;
  return { ok: res.ok && body.status === '1', text };
}

async function submitEtherscan(chainId: string, input: SubmitInput, signal?: AbortSignal): Promise<{ verificationId: string }> {
  const address = toChecksumHexAddress(input.address);
  const { ok, text } = await etherscanCall(
    {},
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      signal,
      body: JSON.stringify({
        module: 'contract',
        action: 'verifysourcecode',
        codeformat: 'solidity-standard-json-input',
        sourceCode: JSON.stringify(input.body.stdJsonInput),
        contractaddress: address,
        contractname: input.body.contractIdentifier,
        compilerversion: `v${input.body.compilerVersion}`,
        constructorArguements: input.constructorArgs ?? '',
      }),
    },
  );
  if (!ok) throw new VerifyRequestError(text, /already verified/i.test(text) ? 'already_verified' : 'invalid_parameter');
  return { verificationId: `etherscan:${chainId}:${address}:${text}` };
}

async function pollEtherscan(id: string, chainId: string, address: string, guid: string, signal?: AbortSignal): Promise<VerifyJob> {
  const { ok, text } = await etherscanCall({ module: 'contract', action: 'checkverifystatus', guid }, signal ? { signal } : {});
  if (/pending/i.test(text)) return { isJobCompleted: false, verificationId: id };
  if (!ok) {
    const code = /constructor argument/i.test(text) ? 'constructor_arguments_mismatch' : 'no_match';
    return {
      isJobCompleted: true,
      verificationId: id,
      error: { customCode: code, message: text.replace(/^Fail - Unable to verify\. /, '') },
    };
  }
  const res = await fetch(`${API_BASE}${paths.sourcifyContract({ chainId, address })}`, { signal });
  const body = await answerOf(res);
  if (!res.ok) throw refusal(res, body);
  return { isJobCompleted: true, verificationId: id, contract: body as unknown as NonNullable<VerifyJob['contract']> };
}
