import { useState, useEffect } from 'react';
import { INDEXING_POLL_MS, PRICE_POLL_MS, useGetIndexingStatusQuery, useGetRubyPriceQuery } from '../../features/status/statusApi';
import type { IndexingStatus } from './IndexingNotice';
import type { PriceData } from './PriceStrip';

/** The header's live data: price and gas fee, and the indexer's progress while it catches up. */
export function useHeaderData(): { price: PriceData; indexing: IndexingStatus | null } {
  const price = useGetRubyPriceQuery(undefined, { pollingInterval: PRICE_POLL_MS });
  const [catchingUp, setCatchingUp] = useState(true);
  const status = useGetIndexingStatusQuery(undefined, { pollingInterval: catchingUp ? INDEXING_POLL_MS.catchingUp : INDEXING_POLL_MS.live });
  const st = status.data?.result;
  useEffect(() => {
    if (st) setCatchingUp(st.catchingUp);
  }, [st]);
  return {
    price: price.data ? { priceUsd: price.data.result.price, gasFee: price.data.fee } : {},
    indexing: st && st.catchingUp ? { indexedBlock: st.indexedBlock ?? 0, headBlock: st.head } : null,
  };
}
