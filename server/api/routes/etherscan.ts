/**
 * The Etherscan-style contract API at /api?module=contract&action=…, so Hardhat's and Foundry's
 * verify commands (and other Etherscan clients) can point at this explorer:
 *   verifysourcecode (POST, form or JSON; fields in the query or the body), checkverifystatus,
 *   getabi, getsourcecode.
 * Answers use Etherscan's shapes: `{ status: "1" | "0", message: "OK" | "NOTOK", result }`, HTTP 200.
 * Verification runs to its end inside verifysourcecode (a few seconds); the guid it answers reads
 * the stored outcome, so checkverifystatus answers at once from any API process.
 * /api without a `module` stays the API's unknown-route 404.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseAddress } from '../../../common/address';
import type { StandardJsonInput } from '../../chain/compile';
import type { ApiContext, RouteModule } from '../context';
import { ApiError, unknownRoute } from '../http';
import { etherscanVersion, findJob, findVerified, recordJob, type StoredSource } from '../queries/verified';
import { verifyOnChain } from '../queries/verifiedCheck';

/** Standard JSON inputs with OpenZeppelin sources run to a few hundred KB. */
const BODY_LIMIT = 8 * 1024 * 1024;
const NOT_VERIFIED = 'Contract source code not verified';

type Params = Record<string, string>;
const ok = (result: unknown) => ({ status: '1', message: 'OK', result });
const notOk = (result: string) => ({ status: '0', message: 'NOTOK', result });

function paramsOf(req: FastifyRequest): Params {
  const out: Params = {};
  const add = (src: unknown) => {
    if (typeof src !== 'object' || src === null) return;
    for (const [k, v] of Object.entries(src as Record<string, unknown>)) {
      if (typeof v === 'string') out[k.toLowerCase()] = v;
      else if (typeof v === 'number' || typeof v === 'boolean') out[k.toLowerCase()] = String(v);
    }
  };
  add(req.query);
  add(req.body);
  return out;
}

function sourceInput(p: Params): { input: StandardJsonInput; text: string; format: 'single' | 'standard-json'; name: string } | string {
  const code = p.sourcecode ?? '';
  if (code.trim() === '') return 'Missing sourceCode';
  const format = (p.codeformat ?? 'solidity-single-file').toLowerCase();
  const name = (p.contractname ?? '').trim();
  if (name === '') return 'Missing contractname';
  if (format === 'solidity-standard-json-input') {
    // Etherscan also accepts the JSON wrapped in an extra pair of braces.
    const trimmed = code.trim();
    const text = trimmed.startsWith('{{') && trimmed.endsWith('}}') ? trimmed.slice(1, -1) : trimmed;
    let input: StandardJsonInput;
    try {
      input = JSON.parse(text) as StandardJsonInput;
    } catch {
      return 'Invalid sourceCode: not a standard JSON input';
    }
    if (typeof input !== 'object' || input === null || typeof input.sources !== 'object' || input.sources === null) return 'Invalid sourceCode: the standard JSON input has no sources';
    if ((input.language ?? 'Solidity') !== 'Solidity') return `Unsupported language ${String(input.language)}`;
    return { input: { ...input, language: 'Solidity' }, text, format: 'standard-json', name };
  }
  if (format !== 'solidity-single-file') return `Unsupported codeformat ${format}`;
  const runs = Number(p.runs ?? '200');
  const settings: Record<string, unknown> = {
    optimizer: { enabled: p.optimizationused === '1', runs: Number.isInteger(runs) && runs >= 0 ? runs : 200 },
  };
  const evm = (p.evmversion ?? '').trim();
  if (evm !== '' && evm.toLowerCase() !== 'default') settings.evmVersion = evm;
  const file = name.includes(':') ? name.slice(0, name.lastIndexOf(':')) : 'Contract.sol';
  return { input: { language: 'Solidity', sources: { [file]: { content: code } }, settings }, text: code, format: 'single', name };
}

async function verifySource(ctx: ApiContext, p: Params) {
  const address = parseAddress((p.contractaddress ?? '').trim());
  if (!address) return notOk('Invalid contractaddress format');
  const src = sourceInput(p);
  if (typeof src === 'string') return notOk(src);
  if (await findVerified(ctx, address)) return notOk('Contract source code already verified');
  let outcome: { result: 'pass' | 'fail'; message: string };
  try {
    await verifyOnChain(ctx, {
      address, input: src.input, contractName: src.name, sourceText: src.text, sourceFormat: src.format,
      compilerVersion: p.compilerversion, constructorArgs: p.constructorarguements ?? p.constructorarguments ?? '',
      origin: 'etherscan', license: p.licensetype ?? null,
    });
    outcome = { result: 'pass', message: 'Pass - Verified' };
  } catch (err) {
    if (!(err instanceof ApiError) || err.statusCode >= 500) throw err;
    if (err.message.startsWith('Unable to locate ContractCode')) return notOk(err.message);
    outcome = { result: 'fail', message: `Fail - Unable to verify. ${err.message}` };
  }
  return ok(await recordJob(ctx, address, outcome.result, outcome.message));
}

function sourceCodeEntry(s: StoredSource | null) {
  if (!s) {
    return {
      SourceCode: '', ABI: NOT_VERIFIED, ContractName: '', CompilerVersion: '', OptimizationUsed: '', Runs: '', ConstructorArguments: '',
      EVMVersion: '', Library: '', LicenseType: '', Proxy: '0', Implementation: '', SwarmSource: '',
    };
  }
  const settings = (typeof s.compilerSettings === 'object' && s.compilerSettings !== null && !Array.isArray(s.compilerSettings) ? s.compilerSettings : {}) as Record<string, unknown>;
  const opt = (settings.optimizer ?? {}) as { enabled?: unknown; runs?: unknown };
  return {
    SourceCode: s.sourceFormat === 'standard-json' ? `{${s.source}}` : s.source,
    ABI: JSON.stringify(s.abi),
    ContractName: s.contractName,
    CompilerVersion: etherscanVersion(s.compilerVersion),
    OptimizationUsed: opt.enabled === true ? '1' : '0',
    Runs: typeof opt.runs === 'number' ? String(opt.runs) : '200',
    ConstructorArguments: s.constructorArgs.replace(/^0x/, ''),
    EVMVersion: typeof settings.evmVersion === 'string' ? settings.evmVersion : 'Default',
    Library: '',
    LicenseType: s.license ?? '',
    Proxy: '0',
    Implementation: '',
    SwarmSource: '',
  };
}

async function handle(ctx: ApiContext, req: FastifyRequest, reply: FastifyReply) {
  const p = paramsOf(req);
  if (p.module === undefined) return reply.code(404).send(unknownRoute(req.method, req.url));
  if (p.module.toLowerCase() !== 'contract') return notOk('Error! Missing Or invalid Module name');
  const action = (p.action ?? '').toLowerCase();
  if (action === 'verifysourcecode') {
    if (req.method !== 'POST') return notOk('verifysourcecode needs a POST request');
    return verifySource(ctx, p);
  }
  if (action === 'checkverifystatus') {
    const job = await findJob(ctx, (p.guid ?? '').trim().slice(0, 100));
    if (!job) return notOk('Unknown UID');
    return job.outcome === 'pass' ? ok(job.message) : notOk(job.message);
  }
  if (action === 'getabi' || action === 'getsourcecode') {
    const address = parseAddress((p.address ?? '').trim());
    if (!address) return notOk('Invalid Address format');
    const s = await findVerified(ctx, address);
    if (action === 'getabi') return s ? ok(JSON.stringify(s.abi)) : notOk(NOT_VERIFIED);
    return ok([sourceCodeEntry(s)]);
  }
  return notOk('Error! Missing Or invalid Action name');
}

export const etherscanRoutes: RouteModule = (app, ctx) => {
  // Encapsulated: the form body parser serves this route only.
  void app.register(async (sub) => {
    sub.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
    });
    const schema = {
      tags: ['Contract'],
      summary: 'Etherscan-compatible contract API (module=contract; action=verifysourcecode | checkverifystatus | getabi | getsourcecode)',
    };
    sub.get('/', { schema }, (req, reply) => handle(ctx, req, reply));
    sub.post('/', { schema, bodyLimit: BODY_LIMIT }, (req, reply) => handle(ctx, req, reply));
  });
};
