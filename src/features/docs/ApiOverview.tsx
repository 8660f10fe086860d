import { Loading } from '../../ui/Loading';
import { CodeBlock } from '../../ui/CodeBlock';
import type { DocOperation, DocSection } from './openapi';
import { OPENAPI_PATH } from './docsApi';
import { operationSummary } from './operationTexts';
import { API_DOCS_TEXTS as T, DOCS_UI_TEXTS as U } from './texts';
import { paths } from '../../../common/api/paths';
import { VerifySection } from './VerifySection';
import { McpSection } from './McpSection';
import { BlockscoutSection } from './BlockscoutSection';
import { mixedText } from '../../ui/MixedText';

interface ApiOverviewProps {
  baseUrl: string;
  /** null while the OpenAPI document loads (or when it failed: the page says so above). */
  operations: DocOperation[] | null;
  /** The document could not be loaded (the page shows the error and a Retry). */
  failed?: boolean;
  onSection: (section: DocSection) => void;
}

/** The default view: features, the GET and POST operations, use cases, getting started, the key. */
export function ApiOverview({ baseUrl, operations, failed = false, onSection }: ApiOverviewProps) {
  const gets = operations?.filter((o) => o.method === 'GET').length ?? 0;
  const posts = operations?.filter((o) => o.method === 'POST').length ?? 0;
  const deletes = operations?.filter((o) => o.method === 'DELETE').length ?? 0;
  return (
    <div className="api-overview">
      <p>{mixedText(T.intro)}</p>

      <section className="panel api-key" aria-labelledby="api-key-title">
        <h2 id="api-key-title">{T.keyTitle}</h2>
        <p>
          <strong>{mixedText(T.keyNeeded)}</strong> {mixedText(T.keyHow)}
        </p>
        <CodeBlock
          label={U.sendingKeyLabel}
          language="shell"
          code={`curl -H "x-api-key: ${T.keyPlaceholder}" "${baseUrl}${paths.latestBlocks()}"\ncurl "${baseUrl}${paths.latestBlocks()}?apikey=${T.keyPlaceholder}"`}
        />
        <p>{mixedText(T.keyLimits)}</p>
      </section>

      <section aria-labelledby="api-features-title">
        <h2 id="api-features-title">{T.featuresTitle}</h2>
        <ul>
          {T.features.map((f) => (
            <li key={f}>{mixedText(f)}</li>
          ))}
        </ul>
        <p>
          {mixedText(T.openApi)}{' '}
          <a href={`${baseUrl}${OPENAPI_PATH}`}>
            <code translate="no">{`${baseUrl}${OPENAPI_PATH}`}</code>
          </a>
        </p>
      </section>

      <VerifySection baseUrl={baseUrl} />
      <BlockscoutSection baseUrl={baseUrl} />

      <McpSection baseUrl={baseUrl} />

      <section aria-labelledby="api-ops-title">
        <h2 id="api-ops-title">{T.operationsTitle}</h2>
        <p>{mixedText(T.operationsIntro)}</p>
        {operations === null ? (
          !failed && <Loading minHeight="6rem" />
        ) : (
          <>
            <p className="api-overview__counts" translate="no">
              {gets} GET · {posts} POST{deletes > 0 && ` · ${deletes} DELETE`}
            </p>
            <div className="table-wrap" tabIndex={0} role="region" aria-label={T.operationsTitle}>
              <table className="table api-overview__ops">
                <thead>
                  <tr>
                    <th scope="col">{U.opsColumns.method}</th>
                    <th scope="col">{U.opsColumns.path}</th>
                    <th scope="col">{U.opsColumns.section}</th>
                    <th scope="col">{U.opsColumns.summary}</th>
                  </tr>
                </thead>
                <tbody>
                  {operations.map((op) => (
                    <tr key={op.key}>
                      <td>
                        <span className={`api-op__method api-op__method--${op.method.toLowerCase()}`} translate="no">
                          {op.method}
                        </span>
                      </td>
                      <td>
                        <code translate="no">{op.path}</code>
                      </td>
                      <td>
                        <button type="button" className="link-btn" onClick={() => onSection(op.section)}>
                          {U.sections[op.section]}
                        </button>
                      </td>
                      <td>{mixedText(operationSummary(op))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>

      <section aria-labelledby="api-uses-title">
        <h2 id="api-uses-title">{T.useCasesTitle}</h2>
        <ul>
          {T.useCases.map((u) => (
            <li key={u}>{mixedText(u)}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="api-start-title">
        <h2 id="api-start-title">{T.startTitle}</h2>
        <ol>
          <li>{mixedText(T.start[0])}</li>
          <li>{mixedText(T.start[1])}</li>
          <li>
            {mixedText(T.start[2])}
            <CodeBlock
              label={U.firstRequestLabel}
              language="shell"
              code={`curl -H "x-api-key: ${T.keyPlaceholder}" "${baseUrl}${paths.latestBlocks()}"`}
            />
          </li>
          <li>{mixedText(T.start[3])}</li>
        </ol>
      </section>
    </div>
  );
}
