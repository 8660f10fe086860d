/**
 * The contract detail's verification fields (issue #26, additive on GET /getContractDetail): the
 * same shapes as common/api/tokens.ts ContractVerification / ContractCreation / SimilarContract,
 * optional so older answers still type-check.
 */
import type { DecodedArg } from '../../ui/ConstructorArgs';

export type MatchLevel = 'exact_match' | 'match' | null;

export interface VerificationExtras {
  verification?: {
    creationMatch: MatchLevel;
    runtimeMatch: MatchLevel;
    contractName: string;
    fullyQualifiedName: string | null;
    compilerVersion: string;
    optimizer: { enabled: boolean; runs: number } | null;
    evmVersion: string | null;
    constructorArguments: DecodedArg[] | null;
    verifiedAt: string;
  } | null;
  creation?: { txHash: string; blockNumber: number; creator: string; factory: string | null } | null;
  similarTo?: {
    address: string;
    contractName: string;
    compilerVersion: string;
    sourceFormat: 'single' | 'standard-json';
    source: string;
  } | null;
}
