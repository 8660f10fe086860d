/**
 * A verification refused, with the reason as Sourcify names it (its `customCode`): the explorer's
 * own API answers the message with the status code, Sourcify's API (server/api/sourcify) puts the
 * code and message in a job's `error`, the Etherscan-style API answers "Fail - Unable to verify. …".
 */
import { ApiError } from '../../common/api/error';

export type RefusalCode =
  | 'no_match'
  | 'compiler_error'
  | 'invalid_compiler_version'
  | 'unsupported_compiler_version'
  | 'contract_not_deployed'
  | 'contract_not_found_in_compiler_output'
  | 'onchain_creation_bytecode_not_available'
  | 'constructor_arguments_mismatch'
  | 'invalid_parameter'
  | 'already_verified'
  | 'compiler_busy'
  | 'internal_error';

export class VerifyRefusal extends ApiError {
  constructor(
    statusCode: number,
    readonly code: RefusalCode,
    message: string,
    /** Sourcify's extra error fields (onchainCreationCode, recompiledRuntimeCode, creationTransactionHash, …). */
    readonly details: Record<string, string> = {},
  ) {
    super(statusCode, message);
    this.name = 'VerifyRefusal';
  }
}

export const refuse = (code: RefusalCode, message: string, details?: Record<string, string>) =>
  new VerifyRefusal(400, code, message, details);

/** "Contract source code already verified" (Etherscan's words), 409 as Sourcify answers it. */
export class AlreadyVerifiedError extends VerifyRefusal {
  constructor(message = 'Contract source code already verified') {
    super(409, 'already_verified', message);
  }
}
