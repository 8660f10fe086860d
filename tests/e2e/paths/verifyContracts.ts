/**
 * Contracts for the verify machine's browser walk (not a test file): the form a path submits is
 * compiled in node with the solc the product bundles (the same standard JSON the page sends,
 * verifyRequest), deployed on the devnet from a key the devnet funds (anvil_setBalance: the
 * traffic generator keeps using the dev accounts' nonces) and waited for until indexed. For an
 * "already verified" answer the contract is first verified through the product's Sourcify API.
 */
import { createRequire } from 'node:module';
import { ContractFactory, JsonRpcProvider, Wallet } from 'ethers';
import { toChecksumHexAddress, toRubyAddress } from '../../../common/address';
import { paths } from '../../../common/api/paths';
import { verifyRequest, type VerifyForm } from '../../../src/lib/verifyInput';
import { pollUntil, type RunningProduct } from '../../helpers/product';

const require = createRequire(import.meta.url);
const solc = require('solc') as { compile(input: string): string; version(): string };

/** The bundled solc, e.g. 0.8.37: the compiler the walk chooses where the model says 0.8.20 (not on this server). */
export const BUNDLED = solc.version().replace(/\+.*$/, '');

interface Compiled {
  abi: unknown[];
  evm: { bytecode: { object: string } };
}

/** Compiles the form as the page would send it; `optimizer` overrides the form's (a build that does not match it). */
function compileForm(form: VerifyForm, optimizer = form.optimizer): Compiled {
  const body = verifyRequest({ ...form, optimizer, compilerVersion: BUNDLED });
  const out = JSON.parse(solc.compile(JSON.stringify(body.stdJsonInput))) as {
    contracts: Record<string, Record<string, Compiled>>;
    errors?: { severity: string; formattedMessage: string }[];
  };
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const [file, name] = [
    body.contractIdentifier.slice(0, body.contractIdentifier.lastIndexOf(':')),
    body.contractIdentifier.split(':').pop(),
  ];
  const c = out.contracts[file]?.[name ?? ''];
  if (!c) throw new Error(`${body.contractIdentifier} not in the compiler's output`);
  return c;
}

/** Deploys the form's contract (constructor argument 42), built as the form says or, `mismatch`, with the optimizer flipped. */
export async function deployForm(product: RunningProduct, form: VerifyForm, mismatch = false): Promise<string> {
  const c = compileForm(form, mismatch ? !form.optimizer : form.optimizer);
  return deployIndexed(product, c.abi, c.evm.bytecode.object, [42], 10n ** 18n);
}

/**
 * Deploys `bytecode` from a fresh key the devnet funds with `coins` wei (the traffic generator's
 * accounts keep sending, so a shared nonce would race it) and waits until the product indexed
 * the contract; returns its r… address.
 */
export async function deployIndexed(
  product: RunningProduct,
  abi: unknown,
  bytecode: string,
  args: unknown[],
  coins: bigint,
): Promise<string> {
  const key = Wallet.createRandom();
  await product.rpc('anvil_setBalance', [key.address, `0x${coins.toString(16)}`]);
  const provider = new JsonRpcProvider(product.rpcUrl, undefined, { staticNetwork: true });
  const contract = await new ContractFactory(abi as never, bytecode, new Wallet(key.privateKey, provider)).deploy(...args);
  await contract.waitForDeployment();
  provider.destroy();
  const address = toRubyAddress(await contract.getAddress());
  await pollUntil(
    async () => (await product.api(paths.contractDetail(address))) !== null,
    60_000,
    () => `${address} never indexed`,
  );
  return address;
}

/** Verifies `address` with the form through the product's Sourcify API, as a first publisher would. */
export async function verifyThroughApi(product: RunningProduct, address: string, form: VerifyForm): Promise<void> {
  const chainId = String(Number.parseInt(await product.rpc<string>('eth_chainId'), 16));
  const body = verifyRequest({ ...form, compilerVersion: BUNDLED });
  const res = await fetch(`${product.url}/api${paths.sourcifyVerify({ chainId, address: toChecksumHexAddress(address) })}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const { verificationId } = (await res.json()) as { verificationId?: string };
  if (!verificationId) throw new Error(`verify ${address}: HTTP ${res.status}`);
  let last: unknown = null;
  await pollUntil(
    async () => {
      last = await product.api<{ isJobCompleted: boolean }>(paths.sourcifyJob(verificationId));
      return (last as { isJobCompleted?: boolean } | null)?.isJobCompleted === true;
    },
    120_000,
    () => `verification of ${address} did not complete: ${JSON.stringify(last)}`,
  );
  if ((last as { error?: unknown }).error) throw new Error(`verification of ${address} failed: ${JSON.stringify(last)}`);
}
