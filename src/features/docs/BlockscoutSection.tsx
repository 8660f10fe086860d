/**
 * The /Api page's section on Blockscout's REST API v2: what it is, its paths (from the registry)
 * and the whatsabi command that reads verified contracts from it.
 */
import { useId } from 'react';
import { BLOCKSCOUT_ROUTES } from '../../../common/api/blockscoutPaths';
import { docPaths } from '../../../common/api/paths';
import { CodeBlock } from '../../ui/CodeBlock';
import { mixedText } from '../../ui/MixedText';
import { BLOCKSCOUT_DOCS_TEXTS as T } from './texts';

/** Every path once (the catalogues' trailing-'/' forms are the same answers). */
const NAMES = (Object.keys(BLOCKSCOUT_ROUTES) as (keyof typeof BLOCKSCOUT_ROUTES)[]).filter((n) => !n.endsWith('Slash'));

export function BlockscoutSection({ baseUrl }: { baseUrl: string }) {
  const id = useId();
  return (
    <section className="panel api-blockscout" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{T.title}</h2>
      <p>{mixedText(T.intro)}</p>
      <p>{mixedText(T.endpoints)}</p>
      <ul className="api-blockscout__paths" translate="no">
        {NAMES.map((name) => (
          <li key={name}>
            <code>GET {docPaths[name]}</code>
          </li>
        ))}
      </ul>
      <p>{mixedText(T.whatsabi)}</p>
      <CodeBlock
        label={T.whatsabi}
        language="javascript"
        code={`import { loaders } from '@shazow/whatsabi';\nconst loader = new loaders.BlockscoutABILoader({ baseURL: '${baseUrl}' });\nconst { abi, name, getSources } = await loader.getContract('0x…');`}
      />
    </section>
  );
}
