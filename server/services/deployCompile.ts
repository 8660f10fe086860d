/**
 * What POST /deploy and POST /compileContract share (docs/decisions.md#spec-calls): reading the
 * multipart form (solFile, contractName, contractType and, for /deploy, privatekey), the checks of
 * the upload, the compilation in the compiler worker, the RBC20 interface check and the
 * constructor plan. Same limits and the same error texts on both routes.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Interface, type InterfaceAbi } from 'ethers';
import { DEPLOY_FIELDS, MAX_SOURCE_BYTES } from '../../common/api/deployConstants';
import { standardInput, type Artifact } from '../chain/compile';
import { ApiError, badRequest } from '../core/http';
import { compileOrReject } from './compile';
import { missingErc20, pickArtifact, planConstructor } from '../queries/verifiedMatch';

export interface DeployForm {
  file: { name: string; data: Buffer } | null;
  fields: Map<string, string>;
}

const FIELD_MAX = 1024;

/** Registers multipart parsing with the deploy form's limits (call inside an encapsulated plugin). */
export async function registerDeployMultipart(sub: FastifyInstance): Promise<void> {
  await sub.register(fastifyMultipart, {
    limits: { fileSize: MAX_SOURCE_BYTES, files: 1, fields: 8, parts: 10, fieldSize: Math.max(FIELD_MAX, MAX_SOURCE_BYTES) },
  });
}

function isLimitError(err: unknown): string | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return `The file is too large: a .sol file may have at most ${MAX_SOURCE_BYTES / 1024} KB`;
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return `Too many form parts: send one ${DEPLOY_FIELDS.file} file and the fields ${DEPLOY_FIELDS.name}, ${DEPLOY_FIELDS.key}, ${DEPLOY_FIELDS.type}`;
  }
  return null;
}

/** The answer to a body that is not a readable multipart form. */
export const MALFORMED_FORM =
  'The upload is not a well-formed multipart/form-data body: send the form as a browser does (one boundary, declared in the Content-Type and used in the body)';

export async function readDeployForm(req: FastifyRequest): Promise<DeployForm> {
  if (!req.isMultipart()) throw badRequest('Send the deploy form as multipart/form-data');
  const form: DeployForm = { file: null, fields: new Map() };
  try {
    for await (const part of req.parts()) {
      const key = part.fieldname.toLowerCase();
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (key === DEPLOY_FIELDS.file.toLowerCase()) form.file = { name: part.filename, data };
        continue;
      }
      if (part.valueTruncated) {
        if (key === DEPLOY_FIELDS.file.toLowerCase())
          throw new ApiError(413, `The file is too large: a .sol file may have at most ${MAX_SOURCE_BYTES / 1024} KB`);
        throw badRequest(`The field ${part.fieldname.slice(0, 40)} is too long`);
      }
      const value = typeof part.value === 'string' ? part.value : String(part.value);
      // A client may send the source as a text field instead of a file.
      if (key === DEPLOY_FIELDS.file.toLowerCase()) form.file = { name: 'Contract.sol', data: Buffer.from(value) };
      else form.fields.set(key, value);
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const limit = isLimitError(err);
    if (limit) throw new ApiError(413, limit);
    // Anything else the form reader throws is the body's fault (no or a wrong boundary, a body
    // cut short, garbage): the client's error, said in plain words, never a 500.
    throw badRequest(MALFORMED_FORM);
  }
  return form;
}

/** The upload as Solidity text, or a 400 saying why it is not. */
export function solidityText(file: { name: string; data: Buffer }): string {
  if (!/\.sol$/i.test(file.name)) throw badRequest(`Not a Solidity file: "${file.name.slice(0, 80)}" is not a .sol file`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file.data);
  } catch {
    throw badRequest('Not a Solidity file: the file is not UTF-8 text');
  }
  if (text.includes('\u0000')) throw badRequest('Not a Solidity file: the file is binary');
  if (!/\b(contract|library|interface)\s+[A-Za-z_$][\w$]*/.test(text))
    throw badRequest('Not a Solidity file: no contract definition found in it');
  return text;
}

/** The upload's name as a compiler source unit: its base name, safe characters only. */
export function sourceUnitName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const safe = base.replace(/[^A-Za-z0-9_.-]/g, '_');
  return /\.sol$/i.test(safe) && safe.length <= 100 ? safe : 'Contract.sol';
}

export interface CompiledUpload {
  name: string;
  type: 'rbc20' | 'dapp';
  source: string;
  /** The source unit name the compiler was given (a verification must use the same). */
  fileName: string;
  compilerVersion: string;
  artifact: Artifact;
  args: ReadonlyArray<string | bigint>;
  /** The constructor arguments ABI-encoded, 0x… ("0x" when there are none). */
  encodedArgs: string;
}

/**
 * Checks the form (every field present; the key only when `needsKey`), compiles and checks the
 * contract as a deploy would. Nothing is sent to the chain.
 */
export async function compileUpload(form: DeployForm, needsKey: boolean): Promise<CompiledUpload> {
  const name = form.fields.get(DEPLOY_FIELDS.name.toLowerCase())?.trim() ?? '';
  const type = form.fields.get(DEPLOY_FIELDS.type.toLowerCase())?.trim().toLowerCase() ?? '';
  const missing = [
    !form.file || form.file.data.length === 0 ? DEPLOY_FIELDS.file : null,
    name === '' ? DEPLOY_FIELDS.name : null,
    needsKey && (form.fields.get(DEPLOY_FIELDS.key.toLowerCase()) ?? '').trim() === '' ? DEPLOY_FIELDS.key : null,
    type === '' ? DEPLOY_FIELDS.type : null,
  ].filter((f) => f !== null);
  if (missing.length > 0 || !form.file) throw badRequest(`Please fill in all fields. Missing: ${missing.join(', ')}`);
  if (type !== 'rbc20' && type !== 'dapp') throw badRequest(`Invalid contract type "${type.slice(0, 40)}": use RBC20 (token) or DApp`);
  if (!/^[A-Za-z_$][\w$]{0,99}$/.test(name))
    throw badRequest(`Invalid contract name "${name.slice(0, 60)}": use the Solidity name of the contract (letters, digits, _ and $)`);

  const source = solidityText(form.file);
  const fileName = sourceUnitName(form.file.name);
  const compiled = await compileOrReject(standardInput({ [fileName]: source }));
  const picked = pickArtifact(
    compiled.artifacts.filter((a) => a.sourceName === fileName),
    name,
  );
  if ('error' in picked) throw badRequest(picked.error);
  const { artifact } = picked;
  if (type === 'rbc20') {
    const missingParts = missingErc20(artifact.abi);
    if (missingParts.length > 0) {
      throw badRequest(
        `${name} is not an RBC20 token: it does not implement the ERC20 interface (missing ${missingParts.join('; ')}). Deploy it as a DApp instead.`,
      );
    }
  }
  const plan = planConstructor(artifact.abi, name);
  if (!plan.ok) {
    throw badRequest(
      `Unsupported constructor ${plan.signature}: the explorer deploys contracts whose constructor takes no parameters, (string name, string symbol) or (string name, string symbol, uint256 initialSupply)`,
    );
  }
  const encodedArgs = new Interface(artifact.abi as InterfaceAbi).encodeDeploy(plan.args);
  return { name, type, source, fileName, compilerVersion: compiled.compilerVersion, artifact, args: plan.args, encodedArgs };
}
