/**
 * Read as proxy: the Read contract forms built from the implementation's verified ABI,
 * each call sent to the proxy's address (`asProxy` on POST /readContract).
 */
import type { ProxyInfo } from '../../../common/api/proxy';
import { ContractRead } from '../../sections/contract/ContractRead';
import { proxyAbi } from './proxyAbi';
import { PROXY_TEXTS } from '../../sections/contract/proxyTexts';
import '../../sections/contract/proxy.css';

export function ProxyRead({ address, proxy }: { address: string; proxy: ProxyInfo }) {
  const impl = proxyAbi({ proxy });
  return (
    <section className="proxy-read" aria-labelledby="proxy-read-title">
      <h3 id="proxy-read-title">{PROXY_TEXTS.readAsProxy}</h3>
      {impl ? (
        <>
          <p className="muted">{PROXY_TEXTS.readAsProxyNote}</p>
          <ContractRead address={address} abi={impl.abi} asProxy />
        </>
      ) : (
        <p className="muted">{PROXY_TEXTS.implementationUnverified}</p>
      )}
    </section>
  );
}
