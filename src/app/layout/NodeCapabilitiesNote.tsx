import { useGetIndexingStatusQuery } from '../../features/status/statusApi';
import { defineTexts } from '../../lib/i18n';
import './nodeCapabilitiesNote.css';

/** The note's text, in one place so tests can check it. `{missing}`: the node's gaps, joined. */
export const NODE_CAPABILITIES_NOTE = defineTexts('app.nodeCapabilities', { prefix: 'This node: ', separator: '; ' } as const);

/**
 * "This node: offers no call traces: …; keeps no old state …" from the plain-words sentences the
 * server's probe gives (each starts "This node …", said once here instead of once per sentence).
 */
export function nodeCapabilitiesText(missing: readonly string[]): string {
  const parts = missing.map((m) => m.replace(/^This node\s+/, ''));
  return `${NODE_CAPABILITIES_NOTE.prefix}${parts.join(NODE_CAPABILITIES_NOTE.separator)}`;
}

/** The sentences alone, for a caller that already has them (tests, other screens). */
export function NodeCapabilitiesLine({ missing }: { missing?: readonly string[] | null }) {
  if (!missing || missing.length === 0) return null;
  return <p className="node-capabilities">{nodeCapabilitiesText(missing)}</p>;
}

/**
 * What the node lacks, in the footer: nothing while it lacks nothing or the server
 * has not said (an older server, or its first probe not answered yet). Reads the status the
 * header already polls, so it adds no request of its own beyond a cache subscription.
 */
export function NodeCapabilitiesNote() {
  const { data } = useGetIndexingStatusQuery();
  return <NodeCapabilitiesLine missing={data?.result.capabilities?.missing} />;
}
