import { CodeBlock } from '../../ui/CodeBlock';
import { exampleFor, exampleRequest, noLiveReason } from './examples';
import type { DocOperation } from './openapi';
import { fieldDescription } from './fieldTexts';
import { operationSummary, parameterDescription } from './operationTexts';
import { API_DOCS_TEXTS as T, DOCS_UI_TEXTS as U } from './texts';
import { mixedText } from '../../ui/MixedText';

/** Where a parameter goes, in the active language (an unknown place as it is). */
function placeOf(where: string): string {
  return Object.hasOwn(U.paramIn, where) ? U.paramIn[where as keyof typeof U.paramIn] : where;
}

/** One operation of the reference: what it does, its parameters, an example request and answer. */
export function OperationCard({ op, baseUrl }: { op: DocOperation; baseUrl: string }) {
  const example = exampleFor(op);
  const noLive = example ? undefined : noLiveReason(op);
  const id = `op-${op.key.replace(/[^A-Za-z0-9]+/g, '-')}`;
  return (
    <article className="api-op panel" aria-labelledby={id}>
      <h3 id={id} className="api-op__title" translate="no">
        <span className={`api-op__method api-op__method--${op.method.toLowerCase()}`}>{op.method}</span>{' '}
        <code className="api-op__path">{op.path}</code>
      </h3>
      {op.summary && <p className="api-op__summary">{mixedText(operationSummary(op))}</p>}

      <h4>{T.parameters}</h4>
      {op.parameters.length === 0 ? (
        <p className="api-op__none">{T.noParameters}</p>
      ) : (
        // Focusable and named: on a narrow screen the table scrolls sideways inside this box.
        <div className="table-wrap" tabIndex={0} role="region" aria-label={`${T.parameters}: ${op.key}`}>
          <table className="table api-op__params">
            <thead>
              <tr>
                <th scope="col">{U.paramColumns.name}</th>
                <th scope="col">{U.paramColumns.in}</th>
                <th scope="col">{U.paramColumns.required}</th>
                <th scope="col">{U.paramColumns.description}</th>
              </tr>
            </thead>
            <tbody>
              {op.parameters.map((p) => (
                <tr key={`${p.in}:${p.name}`}>
                  <td>
                    <code translate="no">{p.name}</code>
                  </td>
                  <td>{placeOf(p.in)}</td>
                  <td>{p.required ? T.required : T.optional}</td>
                  <td>{mixedText(parameterDescription(p.description))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h4>{T.exampleRequest}</h4>
      <CodeBlock code={exampleRequest(op, baseUrl)} label={`${T.exampleRequest}: ${op.key}`} language="shell" />

      <h4>{T.exampleResponse}</h4>
      {example ? (
        <>
          <CodeBlock code={JSON.stringify(example.response, null, 2)} label={`${T.exampleResponse}: ${op.key}`} language="json" />
          <p className="api-op__note">
            {example.status !== undefined && `${T.exampleStatus(example.status)} `}
            {T.exampleNote}
          </p>
        </>
      ) : (
        <p className="api-op__none">{noLive ? T.noLiveExample[noLive] : T.noExample}</p>
      )}

      {op.fields.length > 0 && (
        <details className="api-op__fields">
          <summary>{T.responseFields}</summary>
          <dl>
            {op.fields.map((f) => (
              <div key={f.name} className="api-op__field">
                <dt>
                  <code translate="no">{f.name}</code>{' '}
                  <span className="api-op__type" translate="no">
                    {f.type}
                  </span>
                </dt>
                <dd>{f.description ? mixedText(fieldDescription(f.description)) : '—'}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
      {op.errors.length > 0 && (
        <p className="api-op__errors">{U.errorsLine(T.errors, op.errors.join(', '), '{ "status": false, "message": "…" }')}</p>
      )}
    </article>
  );
}
