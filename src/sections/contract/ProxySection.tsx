/**
 * A proxy's line on the contract page: "Proxy → implementation r…" linked to the
 * implementation's contract page, how it was found, the beacon when there is one, and the
 * upgrade history (Upgraded / BeaconUpgraded events, newest first).
 */
import { Link } from 'wouter';
import type { ProxyInfo } from '../../../common/api/proxy';
import { urls } from '../../app/urls';
import { Address } from '../../ui/Address';
import { Hash } from '../../ui/Hash';
import { formatCount } from '../../lib/amount';
import { PROXY_TEXTS } from './proxyTexts';
import './proxy.css';

export function ProxySection({ proxy }: { proxy: ProxyInfo }) {
  const history = [...proxy.history].reverse();
  return (
    <section className="panel proxy-section" aria-labelledby="proxy-title">
      <h2 id="proxy-title" className="proxy-section__line">
        {PROXY_TEXTS.title} {PROXY_TEXTS.arrow} {PROXY_TEXTS.implementation}{' '}
        <Address value={proxy.implementation} lead="full" href={urls.contractDetail(proxy.implementation)} copy="detail" />
        {proxy.implementationName && (
          <span className="muted" translate="no">
            {' '}
            ({proxy.implementationName})
          </span>
        )}
      </h2>
      <p className="proxy-section__meta muted">
        <span className="proxy-kind">{PROXY_TEXTS.kinds[proxy.kind]}</span>
        {proxy.beacon && (
          <>
            {' · '}
            {PROXY_TEXTS.beacon}: <Address value={proxy.beacon} lead={12} href={urls.contractDetail(proxy.beacon)} copy="detail" />
          </>
        )}
      </p>
      {!proxy.live && <p className="muted">{PROXY_TEXTS.stale}</p>}
      <details className="proxy-history" open={history.length > 0 && history.length <= 5}>
        <summary>
          {PROXY_TEXTS.history} ({history.length})
        </summary>
        {history.length === 0 ? (
          <p className="muted">{PROXY_TEXTS.noHistory}</p>
        ) : (
          <ol className="proxy-history__list" aria-label={PROXY_TEXTS.history}>
            {history.map((h) => (
              <li key={`${h.txHash}-${h.event}-${h.implementation ?? h.beacon}`}>
                <span>{h.event === 'Upgraded' ? PROXY_TEXTS.upgraded : PROXY_TEXTS.beaconUpgraded}</span>{' '}
                <Address
                  value={h.implementation ?? h.beacon}
                  lead={12}
                  href={urls.contractDetail(h.implementation ?? h.beacon ?? '')}
                  copy="detail"
                />{' '}
                <span className="muted">
                  {PROXY_TEXTS.block}{' '}
                  <Link href={urls.block(h.blockNumber)} className="proxy-history__block">
                    {formatCount(h.blockNumber)}
                  </Link>
                </span>{' '}
                <Hash value={h.txHash} copy="detail" />
              </li>
            ))}
          </ol>
        )}
      </details>
    </section>
  );
}
