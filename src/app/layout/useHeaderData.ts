import { useState, useEffect } from 'react';
import { INDEXING_POLL_MS, PRICE_POLL_MS, useGetIndexingStatusQuery, useGetRubyPriceQuery } from '../../features/status/statusApi';
import type { IndexingStatus } from './IndexingNotice';
import type { NodeState } from './NodeBanner';
import type { PriceData } from './PriceStrip';

export interface HeaderData {
  price: PriceData;
  indexing: IndexingStatus | null;
  /** Null until the first status answer (no banner on a guess). */
  node: NodeState | null;
}

/** The header's live data: price and gas fee, the indexer's progress while it catches up, the node's state. */
export function useHeaderData(): HeaderData {
  const price = useGetRubyPriceQuery(undefined, { pollingInterval: PRICE_POLL_MS });
  const [catchingUp, setCatchingUp] = useState(true);
  const [nodeDown, setNodeDown] = useState(false);
  const interval = nodeDown ? INDEXING_POLL_MS.nodeDown : catchingUp ? INDEXING_POLL_MS.catchingUp : INDEXING_POLL_MS.live;
  const status = useGetIndexingStatusQuery(undefined, { pollingInterval: interval });
  const st = status.data?.result;
  useEffect(() => {
    if (!st) return;
    setCatchingUp(st.catchingUp);
    setNodeDown(st.node?.reachable === false);
  }, [st]);
  return {
    price: price.data ? { priceUsd: price.data.result.price, gasFee: price.data.fee } : {},
    indexing: st && st.catchingUp ? { indexedBlock: st.indexedBlock ?? 0, headBlock: st.head } : null,
    node: st?.node ? { reachable: st.node.reachable, lastBlock: st.node.lastBlock } : null,
  };
}
