import { HEADER, fillMessage } from '../../../common/spec';

export interface IndexingStatus {
  /** Highest block the indexer has stored. */
  indexedBlock: number;
  /** The chain head. */
  headBlock: number;
}

/** 'Indexing block N of M (P%)' while the indexer catches up; nothing once caught up. */
export function IndexingNotice({ status }: { status?: IndexingStatus | null }) {
  if (!status || status.headBlock <= 0 || status.indexedBlock >= status.headBlock) return null;
  const indexed = Math.max(0, status.indexedBlock);
  // Floor, so it never claims 100% before it is done.
  const percent = Math.floor((indexed / status.headBlock) * 100);
  return (
    <div className="indexing-notice" role="status">
      <div className="container">
        {fillMessage(HEADER.indexing, { n: String(indexed), m: String(status.headBlock), p: String(percent) })}
      </div>
    </div>
  );
}
