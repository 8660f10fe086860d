/**
 * module=contract: verifysourcecode (POST, form or JSON; fields in the query or the body),
 * checkverifystatus, getabi, getsourcecode (so Hardhat's and Foundry's verify commands and
 * `cast source` can point at this explorer), and getcontractcreation.
 * Verification runs to its end inside verifysourcecode (a few seconds); the guid it answers reads
 * the stored outcome, so checkverifystatus answers at once from any API process.
 */
import { parseAddress } from '../../../common/address';
import type { StandardJsonInput } from '../../chain/compile';
import type { ApiContext } from '../../core/context';
import { ApiError } from '../../core/http';
import { etherscanCreations } from '../../queries/etherscanChain';
import { currentProxy } from '../../queries/proxies';
import { etherscanVersion, findJob, findVerified, recordJob, type StoredSource } from '../../queries/verified';
import { verifyOnChain } from '../../services/verifiedCheck';
import { AlreadyVerifiedError, VerifyRefusal } from '../../verify/refusal';
import { ES_ERRORS, EtherscanError, notOk, ok, type ActionTable, type Params } from './common';
import { callerOf, workGate } from '../workGate';

/** Etherscan's getcontractcreation takes at most 5 addresses. */
const MAX_CREATIONS = 5;

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
    if (typeof input !== 'object' || input === null || typeof input.sources !== 'object' || input.sources === null)
      return 'Invalid sourceCode: the standard JSON input has no sources';
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
  let outcome: { result: 'pass' | 'fail'; message: string };
  try {
    await verifyOnChain(ctx, {
      address,
      input: src.input,
      contractName: src.name,
      sourceText: src.text,
      sourceFormat: src.format,
      compilerVersion: p.compilerversion,
      constructorArgs: p.constructorarguements ?? p.constructorarguments ?? '',
      origin: 'etherscan',
      license: p.licensetype ?? null,
    });
    outcome = { result: 'pass', message: 'Pass - Verified' };
  } catch (err) {
    if (err instanceof AlreadyVerifiedError) return notOk('Contract source code already verified');
    if (!(err instanceof ApiError) || err.statusCode >= 500) throw err;
    if (err.message.startsWith('Unable to locate ContractCode')) return notOk(err.message);
    // Wrong constructor arguments: our message, then Etherscan's sentence (ES_ERRORS.constructorArgs) that Hardhat takes as final.
    const args = err instanceof VerifyRefusal && err.code === 'constructor_arguments_mismatch';
    const message = args ? `${err.message.replace(/\.?$/, '.')} ${ES_ERRORS.constructorArgs}.` : err.message;
    outcome = { result: 'fail', message: `Fail - Unable to verify. ${message}` };
  }
  return ok(await recordJob(ctx, address, outcome.result, outcome.message));
}

/** Etherscan's Proxy / Implementation fields: "1" and the implementation (0x, lower case) for a proxy. */
function proxyFields(p: { implementation: string } | null) {
  return p ? { Proxy: '1', Implementation: p.implementation } : { Proxy: '0', Implementation: '' };
}

function sourceCodeEntry(s: StoredSource | null, proxy: { implementation: string } | null) {
  return { ...sourceCodeFields(s), ...proxyFields(proxy) };
}

function sourceCodeFields(s: StoredSource | null) {
  if (!s) {
    return {
      SourceCode: '',
      ABI: ES_ERRORS.notVerified,
      ContractName: '',
      CompilerVersion: '',
      OptimizationUsed: '',
      Runs: '',
      ConstructorArguments: '',
      EVMVersion: '',
      Library: '',
      LicenseType: '',
      Proxy: '0',
      Implementation: '',
      SwarmSource: '',
    };
  }
  const settings = (
    typeof s.compilerSettings === 'object' && s.compilerSettings !== null && !Array.isArray(s.compilerSettings) ? s.compilerSettings : {}
  ) as Record<string, unknown>;
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

async function readSource(ctx: ApiContext, p: Params, action: 'getabi' | 'getsourcecode') {
  const address = parseAddress((p.address ?? '').trim());
  if (!address) return notOk('Invalid Address format');
  const s = await findVerified(ctx, address);
  if (action === 'getabi') return s ? ok(JSON.stringify(s.abi)) : notOk(ES_ERRORS.notVerified);
  return ok([sourceCodeEntry(s, await currentProxy(ctx, address))]);
}

export const contractActions: ActionTable = {
  async verifysourcecode(ctx, p, req) {
    if (req.method !== 'POST') return notOk('verifysourcecode needs a POST request');
    return workGate(ctx, 'verify').run(callerOf(req, ctx.config.rateLimit.exemptLoopback), () => verifySource(ctx, p));
  },
  async checkverifystatus(ctx, p) {
    const job = await findJob(ctx, (p.guid ?? '').trim().slice(0, 100));
    if (!job) return notOk('Unknown UID');
    return job.outcome === 'pass' ? ok(job.message) : notOk(job.message);
  },
  getabi: (ctx, p) => readSource(ctx, p, 'getabi'),
  getsourcecode: (ctx, p) => readSource(ctx, p, 'getsourcecode'),
  async getcontractcreation(ctx, p) {
    const parts = (p.contractaddresses ?? p.contractaddress ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    if (parts.length === 0 || parts.length > MAX_CREATIONS) throw new EtherscanError(ES_ERRORS.contractAddress);
    const addrs = parts.map((s) => parseAddress(s) ?? '');
    if (addrs.includes('')) throw new EtherscanError(ES_ERRORS.contractAddress);
    const rows = await etherscanCreations(ctx, [...new Set(addrs)]);
    const byAddress = new Map(rows.map((r) => [r.address, r]));
    // Source: Etherscan "Get Contract Creator and Creation Tx Hash" sample answer. A contract a
    // factory created names the transaction's sender as creator and the factory apart.
    const out = addrs.flatMap((a) => {
      const r = byAddress.get(a);
      if (!r) return [];
      const direct = r.tx_input !== null;
      return [
        {
          contractAddress: r.address,
          contractCreator: r.tx_from ?? r.creator,
          txHash: r.tx_hash,
          blockNumber: String(r.block_number),
          timestamp: String(r.timestamp),
          contractFactory: direct ? '' : r.creator,
          creationBytecode: (direct ? r.tx_input : r.internal_input) ?? '',
        },
      ];
    });
    // Etherscan answers unknown contracts with status 0, "No data found" and a null result.
    return out.length === 0 ? { status: '0', message: 'No data found', result: null } : ok(out);
  },
};
