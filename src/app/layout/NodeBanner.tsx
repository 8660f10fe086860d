import { fillMessage } from '../../../common/spec';
import { defineTexts } from '../../lib/i18n';
import './nodeBanner.css';

/** The banner's texts, in one place so tests can check them. `{n}` is the last indexed block. */
export const NODE_BANNER = defineTexts('app.nodeBanner', {
  asOfBlock: 'The node is not answering; data as of block {n}',
  noBlock: 'The node is not answering; no block has been indexed yet',
} as const);

/** The node's state as /indexing-status reports it. */
export interface NodeState {
  reachable: boolean;
  /** The last indexed block: what the pages show is as of it. */
  lastBlock: number | null;
}

export function nodeBannerText(node: NodeState): string {
  return node.lastBlock === null ? NODE_BANNER.noBlock : fillMessage(NODE_BANNER.asOfBlock, { n: String(node.lastBlock) });
}

/**
 * Across the top of every page while the node does not answer; gone (nothing rendered) once it
 * does or while the state is unknown. role=status: screen readers announce it without moving focus.
 */
export function NodeBanner({ node }: { node?: NodeState | null }) {
  if (!node || node.reachable) return null;
  return (
    <div className="node-banner" role="status">
      <div className="container node-banner__inner">
        <svg className="node-banner__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M12 2 1 21h22L12 2zm0 5.5 7.5 12.5h-15L12 7.5zM11 11v4h2v-4h-2zm0 5v2h2v-2h-2z" fill="currentColor" />
        </svg>
        <span>{nodeBannerText(node)}</span>
      </div>
    </div>
  );
}
