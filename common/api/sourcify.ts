/**
 * Sourcify's v2 API as the explorer answers it under /api/sourcify/, so
 * `forge verify-contract --verifier sourcify --verifier-url <origin>/api/sourcify/` and Hardhat's
 * Sourcify plugin work against it. Field names, status codes and error shapes follow Sourcify's
 * apiv2.yaml (ethereum/sourcify services/server/src/apiv2.yaml); addresses are 0x… checksummed
 * (Sourcify's form, not the explorer's r…), chain ids and block numbers decimal strings.
 */
import { Type, type Static } from '@sinclair/typebox';

export const SourcifyMatch = Type.Union([Type.Literal('exact_match'), Type.Literal('match'), Type.Null()]);
export type SourcifyMatch = Static<typeof SourcifyMatch>;

/** Sourcify's GenericErrorResponse (and, in a job, MatchingErrorResponse's extra fields). */
export const SourcifyError = Type.Object(
  {
    customCode: Type.String({ description: 'why: invalid_parameter, unsupported_chain, job_not_found, already_verified, no_match, …' }),
    message: Type.String(),
    errorId: Type.String({ description: 'a uuid' }),
    recompiledCreationCode: Type.Optional(Type.String()),
    recompiledRuntimeCode: Type.Optional(Type.String()),
    onchainCreationCode: Type.Optional(Type.String()),
    onchainRuntimeCode: Type.Optional(Type.String()),
    creationTransactionHash: Type.Optional(Type.String()),
  },
  { description: "Sourcify's error shape" },
);
export type SourcifyError = Static<typeof SourcifyError>;

export const SourcifyVerifyRequest = Type.Object({
  stdJsonInput: Type.Record(Type.String(), Type.Unknown(), { description: "solc's standard JSON input (language, sources, settings)" }),
  compilerVersion: Type.String({ description: 'e.g. 0.8.20+commit.a1b79de6' }),
  contractIdentifier: Type.String({ description: 'path:Name, e.g. src/Box.sol:Box' }),
  creationTransactionHash: Type.Optional(Type.String({ description: 'the creating transaction, when the explorer has not indexed it' })),
});
export type SourcifyVerifyRequest = Static<typeof SourcifyVerifyRequest>;

export const SourcifyVerificationJob = Type.Object({ verificationId: Type.String({ description: 'a uuid' }) });

/** VerifiedContractMinimal. */
export const SourcifyContractMinimal = Type.Object({
  match: SourcifyMatch,
  creationMatch: SourcifyMatch,
  runtimeMatch: SourcifyMatch,
  chainId: Type.String(),
  address: Type.String({ description: '0x…, checksummed' }),
  verifiedAt: Type.Optional(Type.String({ description: 'ISO 8601' })),
  matchId: Type.Optional(Type.String()),
});
export type SourcifyContractMinimal = Static<typeof SourcifyContractMinimal>;

export const SourcifyJobResponse = Type.Object({
  isJobCompleted: Type.Boolean(),
  verificationId: Type.String(),
  jobStartTime: Type.String(),
  jobFinishTime: Type.Optional(Type.String()),
  compilationTime: Type.Optional(Type.String({ description: 'milliseconds' })),
  contract: SourcifyContractMinimal,
  error: Type.Optional(SourcifyError),
});
export type SourcifyJobResponse = Static<typeof SourcifyJobResponse>;

/** The fields GET /v2/contract can add to the minimal ones (fields=…, fields=all, omit=…). */
export const SOURCIFY_FIELDS = [
  'creationBytecode',
  'runtimeBytecode',
  'deployment',
  'sources',
  'compilation',
  'abi',
  'stdJsonInput',
] as const;

export const SourcifyTransformation = Type.Object({
  type: Type.Union([Type.Literal('replace'), Type.Literal('insert')]),
  reason: Type.String({ description: 'library, immutable, callProtection, cborAuxdata or constructorArguments' }),
  offset: Type.Integer({ description: 'byte offset in the recompiled code' }),
  id: Type.Optional(Type.String()),
});

const Bytecode = {
  onchainBytecode: Type.Optional(Type.String()),
  recompiledBytecode: Type.Optional(Type.String()),
  linkReferences: Type.Optional(Type.Unknown()),
  cborAuxdata: Type.Optional(Type.Unknown()),
  transformations: Type.Optional(Type.Array(SourcifyTransformation)),
  transformationValues: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
};

export const SourcifyContract = Type.Object(
  {
    ...SourcifyContractMinimal.properties,
    creationBytecode: Type.Optional(Type.Object(Bytecode)),
    runtimeBytecode: Type.Optional(Type.Object({ ...Bytecode, immutableReferences: Type.Optional(Type.Unknown()) })),
    deployment: Type.Optional(
      Type.Object({
        transactionHash: Type.Optional(Type.Union([Type.String(), Type.Null()])),
        blockNumber: Type.Optional(Type.Union([Type.String(), Type.Null()])),
        transactionIndex: Type.Optional(Type.Union([Type.String(), Type.Null()])),
        deployer: Type.Optional(Type.Union([Type.String(), Type.Null()])),
      }),
    ),
    sources: Type.Optional(Type.Record(Type.String(), Type.Object({ content: Type.String() }))),
    compilation: Type.Optional(
      Type.Object({
        language: Type.Optional(Type.String()),
        compiler: Type.Optional(Type.String()),
        compilerVersion: Type.Optional(Type.String()),
        compilerSettings: Type.Optional(Type.Unknown()),
        name: Type.Optional(Type.String()),
        fullyQualifiedName: Type.Optional(Type.String()),
      }),
    ),
    abi: Type.Optional(Type.Array(Type.Unknown())),
    stdJsonInput: Type.Optional(Type.Unknown()),
  },
  { description: 'VerifiedContract: the minimal fields, plus those asked for' },
);
export type SourcifyContract = Static<typeof SourcifyContract>;
