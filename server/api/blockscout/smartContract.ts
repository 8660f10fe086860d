/**
 * GET /api/v2/smart-contracts/{address} and the list, in Blockscout's SmartContract shape, from the
 * same records the contract page and the Etherscan/Sourcify APIs read (queries/contracts.ts,
 * queries/verified.ts). The main source file is the compilation target's; the others of the
 * standard JSON input are `additional_sources` (whatsabi's BlockscoutABILoader reads both).
 */
import type { JsonValue } from '../../db/schema';
import type { ContractRecord } from '../../queries/contracts';
import { stdInputOf } from '../../queries/verified';
import { etherscanVersion, type StoredSource } from '../../queries/verified';
import { bsAddress, bsTime, type AddressBook } from './common';

function objectOf(v: JsonValue | null | undefined): Record<string, JsonValue> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? v : {};
}

/** The compiler settings Blockscout lifts out of the standard JSON input's settings. */
function settingsOf(s: StoredSource) {
  const settings = objectOf(stdInputOf(s).settings);
  const optimizer = objectOf(settings.optimizer);
  const runs = typeof optimizer.runs === 'number' ? optimizer.runs : null;
  return {
    compiler_settings: settings,
    optimization_enabled: optimizer.enabled === true,
    optimization_runs: runs,
    evm_version: typeof settings.evmVersion === 'string' ? settings.evmVersion : 'default',
  };
}

/** The main file and the others, as Blockscout splits a verified source. */
function filesOf(s: StoredSource): {
  file_path: string;
  source_code: string;
  additional_sources: { file_path: string; source_code: string }[];
} {
  const sources = stdInputOf(s).sources;
  const target = s.fullyQualifiedName ? s.fullyQualifiedName.slice(0, s.fullyQualifiedName.lastIndexOf(':')) : null;
  const names = Object.keys(sources);
  const main = target !== null && target in sources ? target : (names[0] ?? 'Contract.sol');
  return {
    file_path: main,
    source_code: sources[main]?.content ?? s.source,
    additional_sources: names.filter((n) => n !== main).map((n) => ({ file_path: n, source_code: sources[n]?.content ?? '' })),
  };
}

function constructorArgsOf(s: StoredSource) {
  const decoded = Array.isArray(s.constructorDecoded) ? s.constructorDecoded : [];
  return {
    constructor_args: s.constructorArgs === '' ? null : `0x${s.constructorArgs.replace(/^0x/, '')}`,
    has_constructor_args: s.constructorArgs !== '',
    decoded_constructor_args: decoded.map((a) => {
      const o = objectOf(a);
      return [JSON.stringify(o.value ?? null).replace(/^"|"$/g, ''), { name: String(o.name ?? ''), type: String(o.type ?? '') }];
    }),
  };
}

export interface SmartContractInput {
  contract: ContractRecord;
  source: StoredSource | null;
  bytecode: string | null;
  book: AddressBook;
}

/** One contract in Blockscout's SmartContract shape (a contract not verified has its code and nulls). */
export function shapeSmartContract({ contract, source: s, bytecode, book }: SmartContractInput) {
  const base = {
    address: bsAddress(contract.address, book),
    deployed_bytecode: bytecode,
    creation_bytecode: null,
    is_verified: s !== null,
    is_changed_bytecode: false,
    is_blueprint: false,
    coin_balance: contract.balanceWei,
    transactions_count: contract.txCount,
    proxy_type: null,
    implementations: [],
    conflicting_implementations: [],
    creation_status: 'success',
    reputation: 'ok',
    certified: false,
    market_cap: null,
  };
  if (!s) return base;
  const exact = s.runtimeMatch === 'exact_match' || s.creationMatch === 'exact_match' || s.matchKind === 'full';
  return {
    ...base,
    name: s.contractName,
    language: 'solidity',
    license_type: s.license ?? 'none',
    compiler_version: etherscanVersion(s.compilerVersion),
    ...settingsOf(s),
    ...filesOf(s),
    ...constructorArgsOf(s),
    abi: Array.isArray(s.abi) ? s.abi.map(objectOf) : [],
    external_libraries: [],
    verified_at: bsTime(s.verifiedAt.getTime() / 1000),
    is_fully_verified: exact,
    is_partially_verified: !exact,
    is_verified_via_sourcify: false,
    is_verified_via_eth_bytecode_db: false,
    is_verified_via_verifier_alliance: false,
    verified_twin_address_hash: null,
    sourcify_repo_url: null,
    can_be_visualized_via_sol2uml: true,
    verification_metadata: null,
  };
}

/** The list's lighter item: no sources, as Blockscout's /smart-contracts list answers. */
export function shapeSmartContractItem(contract: ContractRecord, s: StoredSource | null, book: AddressBook) {
  return {
    address: bsAddress(contract.address, book),
    coin_balance: contract.balanceWei,
    transactions_count: contract.txCount,
    name: s?.contractName ?? contract.name,
    language: 'solidity',
    license_type: s?.license ?? 'none',
    compiler_version: s ? etherscanVersion(s.compilerVersion) : null,
    optimization_enabled: s ? settingsOf(s).optimization_enabled : null,
    has_constructor_args: s ? s.constructorArgs !== '' : null,
    verified_at: s ? bsTime(s.verifiedAt.getTime() / 1000) : null,
    market_cap: null,
    certified: false,
    reputation: 'ok',
  };
}
