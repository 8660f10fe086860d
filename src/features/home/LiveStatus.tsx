import type { BlockListItem } from '../../../common/api/blocks';
import { HEADER, fillMessage } from '../../../common/spec';
import { Age } from '../../ui/Age';
import { useGetIndexingStatusQuery } from '../status/statusApi';
import { HOME_TEXTS } from './texts';
import { useLiveConnection } from '../../app/useLiveConnection';

/**
 * The indexing / live status line under Latest Blocks: the indexer's progress while it catches
 * up, that the node is not answering, else whether the live feed is connected and how old the
 * newest block is.
 */
export function LiveStatus({ latest }: { latest: BlockListItem | undefined }) {
  const S = HOME_TEXTS.status;
  const connected = useLiveConnection();
  // The header polls this; here we only read the shared cache entry.
  const indexing = useGetIndexingStatusQuery().data?.result;

  let content;
  let tone: 'live' | 'busy' | 'off';
  if (indexing?.catchingUp) {
    const indexed = Math.max(0, indexing.indexedBlock ?? 0);
    const percent = indexing.head > 0 ? Math.floor((indexed / indexing.head) * 100) : 0;
    content = fillMessage(HEADER.indexing, { n: String(indexed), m: String(indexing.head), p: String(percent) });
    tone = 'busy';
  } else if (indexing?.node?.reachable === false) {
    // The socket may still be up (the API answers), but nothing new can arrive from the node.
    content = S.nodeDown({ n: String(indexing.node.lastBlock ?? latest?.blockNumber ?? 0) });
    tone = 'off';
  } else if (!connected) {
    content = S.connecting;
    tone = 'off';
  } else if (!latest) {
    content = S.waiting;
    tone = 'busy';
  } else {
    content = (
      <>
        <strong>{S.live}</strong> · {S.latest({ n: String(latest.blockNumber) })}, <Age time={latest.timestamp} />
      </>
    );
    tone = 'live';
  }
  return (
    <section className={`live-status live-status--${tone}`} aria-label={S.caption}>
      <span className="live-status__dot" aria-hidden="true" />
      <p className="live-status__text">{content}</p>
    </section>
  );
}
