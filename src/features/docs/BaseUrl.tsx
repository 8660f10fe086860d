import { CopyButton } from '../../ui/CopyButton';
import { API_DOCS_TEXTS as T } from './texts';

/** The API's base URL; a click copies it with the spec's alert 'URL copied to clipboard'. */
export function BaseUrl({ url }: { url: string }) {
  return (
    <div className="api-base">
      <span className="api-base__label">{T.baseUrl}</span>
      <CopyButton value={url} toast="api" className="api-base__url">
        <code>{url}</code>
      </CopyButton>
      <span className="api-base__hint">{T.baseUrlHint}</span>
    </div>
  );
}
