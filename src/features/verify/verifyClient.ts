/**
 * The verify machine's actors: Sourcify's v2 API as the explorer serves it under /api/sourcify/
 * (issue #26). POST /v2/verify/{chainId}/{address} answers 202 { verificationId }; GET
 * /v2/verify/{verificationId} the job. A refusal (4xx with Sourcify's { customCode, message })
 * becomes a VerifyRequestError carrying both; a network failure stays a plain error (the machine
 * says the service did not answer).
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
