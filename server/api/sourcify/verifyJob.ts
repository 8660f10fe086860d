/**
 * POST /v2/verify/{chainId}/{address}: checks the request as Sourcify does (standard JSON input
 * with a language and sources with content, a compiler version, a contract identifier), answers
 * 409 already_verified when both codes already match exactly, else records a job and answers 202
 * with its verificationId at once; the verification (server/services/verifiedCheck.ts, the same checks as
 * every other way in) runs after the answer and writes its outcome to the job row.
 */
import { randomUUID } from 'node:crypto';
import { toChecksumHexAddress } from '../../../common/address';
import type { SourcifyVerifyRequest } from '../../../common/api/sourcify';
import type { StandardJsonInput } from '../../chain/compile';
import type { JsonValue } from '../../db/schema';
import { VerifyRefusal } from '../../verify/refusal';
import type { ApiContext } from '../../core/context';
import { ApiError } from '../../core/http';
import { createSourcifyJob, finishSourcifyJob, runningSourcifyJob } from '../../queries/sourcifyJobs';
import { findVerified } from '../../queries/verified';
import { isFullyExact, verifyOnChain } from '../../services/verifiedCheck';
import { invalidParameter, sourcifyError, SourcifyHttpError } from './errors';
import { workGate } from '../workGate';

/** A job still running after this long is taken as interrupted (its process ended). */
export const STALE_JOB_MS = 10 * 60_000;

function checkBody(body: unknown): SourcifyVerifyRequest & { input: StandardJsonInput } {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const std = b.stdJsonInput;
  if (typeof std !== 'object' || std === null || Array.isArray(std)) throw invalidParameter('Standard JSON input is required.');
  const s = std as Record<string, unknown>;
  if (typeof s.language !== 'string') throw invalidParameter('Standard JSON input must contain a language field.');
  if (s.language !== 'Solidity') throw invalidParameter(`Only Solidity is verified here, not ${s.language.slice(0, 40)}.`);
  const sources = s.sources;
  if (typeof sources !== 'object' || sources === null || Array.isArray(sources) || Object.keys(sources).length === 0)
    throw invalidParameter('Standard JSON input must contain a sources field.');
  for (const [name, src] of Object.entries(sources as Record<string, unknown>)) {
    const content = (src as { content?: unknown } | null)?.content;
    if (typeof content !== 'string' || content === '')
      throw invalidParameter(`Standard JSON input must contain the content of every source: ${name.slice(0, 200)} has none.`);
  }
  if (s.settings !== undefined && (typeof s.settings !== 'object' || s.settings === null || Array.isArray(s.settings)))
    throw invalidParameter('The settings of the standard JSON input must be an object.');
  if (typeof b.compilerVersion !== 'string' || b.compilerVersion.trim() === '') throw invalidParameter('compilerVersion is required.');
  if (typeof b.contractIdentifier !== 'string' || !/^.+:[A-Za-z_$][\w$]*$/.test(b.contractIdentifier.trim()))
    throw invalidParameter('contractIdentifier is required, as path:ContractName (e.g. src/Box.sol:Box).');
  const tx = b.creationTransactionHash;
  if (tx !== undefined && tx !== null && (typeof tx !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(tx)))
    throw invalidParameter('creationTransactionHash must be 0x followed by 64 hex digits.');
  return {
    stdJsonInput: s,
    compilerVersion: b.compilerVersion.trim(),
    contractIdentifier: b.contractIdentifier.trim(),
    ...(typeof tx === 'string' ? { creationTransactionHash: tx.toLowerCase() } : {}),
    input: {
      language: 'Solidity',
      sources: sources as StandardJsonInput['sources'],
      ...(s.settings ? { settings: s.settings as Record<string, unknown> } : {}),
    },
  };
}

/** The job's error from what the verification threw. */
function jobError(err: unknown, log: (m: string) => void): JsonValue {
  if (err instanceof VerifyRefusal) return sourcifyError(err.code, err.message, err.details) as unknown as JsonValue;
  if (err instanceof ApiError && err.statusCode < 500) return sourcifyError('invalid_parameter', err.message) as unknown as JsonValue;
  log(`sourcify: verification failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  return sourcifyError('internal_error', 'The verification failed on the server; try again later') as unknown as JsonValue;
}

export async function submitVerification(
  ctx: ApiContext,
  chainId: number,
  address: string,
  body: unknown,
  caller: string | null = null,
): Promise<string> {
  const req = checkBody(body);
  if (isFullyExact(await findVerified(ctx, address))) {
    throw new SourcifyHttpError(
      409,
      'already_verified',
      `Contract ${toChecksumHexAddress(address)} on chain ${chainId} is already verified with runtimeMatch and creationMatch both being exact matches.`,
    );
  }
  const running = await runningSourcifyJob(ctx, address, STALE_JOB_MS);
  if (running)
    throw new SourcifyHttpError(
      429,
      'duplicate_verification_request',
      `Contract ${toChecksumHexAddress(address)} on chain ${chainId} is already being verified (job ${running})`,
    );
  // The verify budget (workGate.ts): the place is held until the job has ended.
  const release = await workGate(ctx, 'verify').enter(caller);
  const id = randomUUID();
  try {
    await createSourcifyJob(ctx, id, chainId, address);
  } catch (err) {
    release();
    throw err;
  }
  // After the answer: the job row is how the client (through any replica) learns the outcome.
  void verifyOnChain(ctx, {
    address,
    input: req.input,
    contractName: req.contractIdentifier,
    sourceText: JSON.stringify(req.stdJsonInput),
    sourceFormat: 'standard-json',
    compilerVersion: req.compilerVersion,
    ...(req.creationTransactionHash ? { creationTxHash: req.creationTransactionHash } : {}),
    origin: 'sourcify',
  })
    .then(
      (r) =>
        finishSourcifyJob(ctx, id, {
          compilationMs: r.compilationMs,
          match: r.creationMatch === 'exact_match' || r.runtimeMatch === 'exact_match' ? 'exact_match' : 'match',
          creationMatch: r.creationMatch,
          runtimeMatch: r.runtimeMatch,
          error: null,
        }),
      (err: unknown) =>
        finishSourcifyJob(ctx, id, {
          compilationMs: null,
          match: null,
          creationMatch: null,
          runtimeMatch: null,
          error: jobError(err, ctx.log),
        }),
    )
    .catch((err: unknown) => ctx.log(`sourcify: job ${id} could not be recorded: ${err instanceof Error ? err.message : String(err)}`))
    .finally(release);
  return id;
}
