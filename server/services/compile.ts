/**
 * Compiling a contract's source for the API (deploy, verify): in the shared compiler worker, with its
 * time-out a 422, a full queue a 429 and compiler errors a 400 carrying solc's own messages.
 */
import type { CompileResult, StandardJsonInput } from '../chain/compile';
import { CompilerBusyError, CompileTimeoutError, sharedCompiler } from '../chain/compileWorker';
import { ApiError, badRequest } from '../core/http';

/** Longest compiler output returned to a client (the first errors matter; a flood does not). */
const MAX_COMPILER_MESSAGE = 4000;

/** Compiles in the worker; compiler errors become a 400 carrying solc's own messages. */
export async function compileOrReject(input: StandardJsonInput, soljson?: string): Promise<CompileResult> {
  let result: CompileResult;
  try {
    result = await sharedCompiler().compile(input, undefined, soljson);
  } catch (err) {
    if (err instanceof CompileTimeoutError) throw new ApiError(422, err.message);
    if (err instanceof CompilerBusyError) throw new ApiError(429, err.message);
    throw err;
  }
  if (!result.ok) {
    const text = result.errors
      .filter((e) => e.severity === 'error')
      .map((e) => e.formattedMessage.trim())
      .join('\n\n');
    throw badRequest(`Compilation failed:\n${text.length > MAX_COMPILER_MESSAGE ? `${text.slice(0, MAX_COMPILER_MESSAGE)}\n…` : text}`);
  }
  return result;
}
