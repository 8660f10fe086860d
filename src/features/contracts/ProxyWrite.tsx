/**
 * Write as proxy: the Write contract forms built from the implementation's verified ABI
 * (proxyAbi), every transaction sent to the proxy's own address, which delegates to the
 * implementation. Shown beside Read as proxy; nothing when the implementation is unverified (Read
 * as proxy already says so).
 */
import type { ProxyInfo } from '../../../common/api/proxy';
import { ContractWrite } from '../../sections/contract/ContractWrite';
import { proxyAbi } from './proxyAbi';
import { WRITE_TEXTS } from '../../sections/contract/writeTexts';
import '../../sections/contract/proxy.css';

export function ProxyWrite({ address, proxy }: { address: string; proxy: ProxyInfo }) {
  const impl = proxyAbi({ proxy });
  if (!impl) return null;
  return (
    <section className="proxy-read" aria-labelledby="proxy-write-title">
      <h3 id="proxy-write-title">{WRITE_TEXTS.writeAsProxy}</h3>
      <p className="muted">{WRITE_TEXTS.writeAsProxyNote}</p>
      <ContractWrite address={address} abi={impl.abi} />
    </section>
  );
}
