/**
 * Deploy, verify and read shapes: POST /deploy (multipart), POST /verifyContract, POST
 * /readContract, plus the limits both sides show. The Etherscan-style /api?module=contract form
 * answers Etherscan's own shapes (status "1"/"0", message, result) and is documented in its route.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Address, Hash } from './base';

export const DeployResponse = Type.Object({
  status: Type.Literal(true),
  contractAddress: Address,
  transactionHash: Hash,
  blockNumber: Type.Integer(),
  contractName: Type.String(),
  contractType: Type.Union([Type.Literal('rbc20'), Type.Literal('dapp')]),
  constructorArguments: Type.Array(Type.String(), { description: 'the values passed to the constructor, as text' }),
  verified: Type.Literal(true),
});
export type DeployResponse = Static<typeof DeployResponse>;

/**
 * POST /compileContract (multipart: solFile, contractName, contractType; no key): what the Deploy
 * page signs in the browser. The same checks, limits and errors as POST /deploy.
 */
export const CompileResponse = Type.Object({
  status: Type.Literal(true),
  contractName: Type.String(),
  contractType: Type.Union([Type.Literal('rbc20'), Type.Literal('dapp')]),
  fileName: Type.String({ description: 'the source unit name compiled (a verification must use the same)' }),
  abi: Type.Array(Type.Unknown()),
  bytecode: Type.String({ description: 'creation code, 0x…' }),
  constructorArguments: Type.Array(Type.String(), { description: 'the values the explorer passes to the constructor, as text' }),
  encodedConstructorArguments: Type.String({ description: 'ABI-encoded, 0x… (append to bytecode to deploy)' }),
  compilerVersion: Type.String({ description: 'e.g. v0.8.37+commit.…' }),
  compilerSettings: Type.Object({
    optimizer: Type.Object({ enabled: Type.Boolean(), runs: Type.Integer() }),
    evmVersion: Type.String(),
  }),
});
export type CompileResponse = Static<typeof CompileResponse>;

export const CompilerSettingsBody = Type.Object({
  optimizer: Type.Optional(Type.Object({ enabled: Type.Boolean(), runs: Type.Integer({ minimum: 0, maximum: 4294967295 }) })),
  evmVersion: Type.Optional(Type.String({ maxLength: 40 })),
});

export const VerifyRequest = Type.Object({
  address: Type.String({ description: 'contract address: r… or 0x…' }),
  contractName: Type.String({ minLength: 1, maxLength: 200, description: 'Name, or File.sol:Name' }),
  source: Type.String({ minLength: 1, description: 'the Solidity source of one file (imports of @openzeppelin/… are resolved)' }),
  fileName: Type.Optional(Type.String({ maxLength: 200 })),
  compilerVersion: Type.Optional(Type.String({ maxLength: 100, description: 'e.g. v0.8.37+commit.…; must be the explorer compiler' })),
  settings: Type.Optional(CompilerSettingsBody),
  constructorArguments: Type.Optional(Type.String({ maxLength: 100000, description: 'ABI-encoded, hex' })),
});
export type VerifyRequest = Static<typeof VerifyRequest>;

/** Sourcify's match levels: exact_match (metadata hash equal too) or match (equal once it is ignored). */
export const MatchLevel = Type.Union([Type.Literal('exact_match'), Type.Literal('match')]);
/** One constructor argument decoded from the chain: integers as decimal strings, addresses r…. */
export const DecodedArg = Type.Object({ name: Type.String(), type: Type.String(), value: Type.Unknown() });

export const VerifyResult = Type.Object({
  address: Address,
  contractName: Type.String(),
  match: Type.Union([Type.Literal('full'), Type.Literal('partial')], { description: 'partial: equal once the metadata hash is ignored' }),
  compilerVersion: Type.String(),
  creationMatch: Type.Optional(MatchLevel),
  runtimeMatch: Type.Optional(MatchLevel),
  constructorArguments: Type.Optional(Type.Array(DecodedArg, { description: "the chain's constructor arguments, decoded" })),
});
export const VerifyResponse = Type.Object({ status: Type.Literal(true), result: VerifyResult });
export type VerifyResponse = Static<typeof VerifyResponse>;

export const ReadRequest = Type.Object({
  address: Type.String(),
  function: Type.String({ minLength: 1, maxLength: 500, description: 'name, or full signature such as balanceOf(address)' }),
  args: Type.Optional(
    Type.Array(Type.Unknown(), { maxItems: 32, description: 'arguments as JSON: numbers as decimal strings, addresses r… or 0x…' }),
  ),
  asProxy: Type.Optional(Type.Boolean({ description: "read as proxy: the implementation's verified ABI, the call sent to this address" })),
});
export type ReadRequest = Static<typeof ReadRequest>;

/** One decoded output; `value` is JSON text-friendly: integers as decimal strings, addresses r…, bytes 0x…. */
export interface ReadValue {
  name: string;
  type: string;
  value: unknown;
}
export const ReadResponse = Type.Object({
  status: Type.Literal(true),
  result: Type.Array(Type.Object({ name: Type.String(), type: Type.String(), value: Type.Unknown() })),
});
export type ReadResponse = Static<typeof ReadResponse>;
