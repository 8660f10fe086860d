/**
 * The deploy machine's `upload` actor: POST /deploy as multipart/form-data with the spec's field
 * names. A server refusal (4xx/5xx with a message) becomes an UploadError carrying that message;
 * a network failure is a plain error ("No response from server.").
 */
import { DEPLOY_FIELDS } from '../../../common/api/deployConstants';
import { API_BASE } from '../../app/api';
import { UploadError, type UploadInput, type UploadOutput } from '../../machines/deployMachine';
import { paths } from '../../../common/api/paths';

export async function uploadContract(input: UploadInput, signal?: AbortSignal): Promise<UploadOutput> {
  const body = new FormData();
  body.append(DEPLOY_FIELDS.file, input.file, input.file.name);
  body.append(DEPLOY_FIELDS.name, input.contractName);
  body.append(DEPLOY_FIELDS.key, input.privateKey);
  body.append(DEPLOY_FIELDS.type, input.contractType);
  const res = await fetch(`${API_BASE}${paths.deploy()}`, { method: 'POST', body, signal });
  let data: unknown = null;
  try {
    data = await res.json();
  } catch {
    // not JSON: handled below
  }
  const answer = (typeof data === 'object' && data !== null ? data : {}) as {
    status?: unknown;
    message?: unknown;
    contractAddress?: unknown;
    transactionHash?: unknown;
  };
  if (!res.ok || answer.status === false) {
    throw new UploadError(typeof answer.message === 'string' ? answer.message : `HTTP ${res.status}`);
  }
  return {
    contractAddress: typeof answer.contractAddress === 'string' ? answer.contractAddress : null,
    transactionHash: typeof answer.transactionHash === 'string' ? answer.transactionHash : null,
  };
}
