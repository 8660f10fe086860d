/**
 * The network and encoding work of revoking approvals, as promises revokeMachine's actors call:
 * open the signer and check it is the address whose approvals these are, encode each revoke
 * (approve(spender, 0), approve(0x0, id), setApprovalForAll(operator, false)), estimate each
 * through the API (POST /estimatecall) and add up the fee; and wait until each sent one is mined
 * and indexed (the Approvals table moves in the same database
 * transaction). Loaded on demand (ethers is large).
 */
import { Interface, ZeroAddress } from 'ethers';
import { sameAddress, toHexAddress } from '../../../common/address';
import { connectSigner } from '../../app/actors/signers';
import { NotOwnerError, type EstimateRevokeInput, type EstimateRevokeOutput, type RevokeTarget } from '../../machines/revokeTypes';
import { estimateWrite, waitMined } from '../contract/writeFlows';
import { APPROVALS_TEXTS } from './texts';

const ABI = new Interface([
  'function approve(address spender, uint256 amount) returns (bool)',
  'function setApprovalForAll(address operator, bool approved)',
]);

export function revokeCalldata(t: RevokeTarget): string {
  if (t.kind === 'operator') return ABI.encodeFunctionData('setApprovalForAll', [toHexAddress(t.spender), false]);
  if (t.kind === 'erc721') return ABI.encodeFunctionData('approve', [ZeroAddress, BigInt(t.tokenId ?? '0')]);
  return ABI.encodeFunctionData('approve', [toHexAddress(t.spender), 0n]);
}

export async function estimateRevokes(input: EstimateRevokeInput): Promise<EstimateRevokeOutput> {
  const from = await connectSigner(input.signer, input.email, input.password);
  if (!sameAddress(from, input.owner)) throw new NotOwnerError(APPROVALS_TEXTS.notOwner);
  const txs = [];
  let fee = 0n;
  let chainId = 0;
  for (const t of input.targets) {
    const data = revokeCalldata(t);
    const e = await estimateWrite({ from, to: t.token, data, value: 0n }, []);
    if ('revert' in e) throw new Error(APPROVALS_TEXTS.wouldFail(e.revert));
    chainId = e.chainId;
    fee += e.gasLimit * e.maxFeePerGas;
    txs.push({ key: t.key, to: t.token, data, gasLimit: e.gasLimit.toString() });
  }
  return { txs, chainId, fee: fee.toString() };
}

export async function waitRevokes(hashes: readonly string[]): Promise<void> {
  for (const h of hashes) {
    const m = await waitMined(h);
    if (m.status !== 1) throw new Error(APPROVALS_TEXTS.minedFailed);
  }
}
