import { NO_VALUE } from '../../common/spec';
import { ExternalLink } from './ExternalLink';

/**
 * An NFT's metadata URI as its contract answers it: a link when it is http(s), the
 * text otherwise (ipfs://, data:, anything a contract returns is never made a link), a dash when
 * the contract gave none.
 */
export function MetadataUri({ uri }: { uri: string | null }) {
  if (uri === null || uri === '') return <span>{NO_VALUE}</span>;
  const shown = uri.length > 80 ? `${uri.slice(0, 77)}…` : uri;
  return /^https?:\/\//i.test(uri) ? (
    <ExternalLink href={uri} className="mono metadata-uri">
      {shown}
    </ExternalLink>
  ) : (
    <span className="mono metadata-uri" title={uri}>
      {shown}
    </span>
  );
}
