/** The deploy form's fields, file picker, code preview and button; every change is a machine event. */
import { useId, type FormEvent } from 'react';
import { MAX_SOURCE_BYTES } from '../../../common/api/deployConstants';
import { MESSAGES } from '../../../common/spec';
import type { DeployContext, DeployEvent } from '../../machines/deployTypes';
import { keepTerms } from '../../lib/keepTerms';
import { shownData, splitCompilerOutput } from '../../lib/serverMessages';
import { CodeView } from '../../ui/CodeView';
import { SignerChoice } from './SignerChoice';
import { DEPLOY_CODE_TERMS, DEPLOY_TEXTS } from './texts';

interface DeployFormProps {
  context: DeployContext;
  deploying: boolean;
  /** The signers are still looked for: the fields take input, Deploy waits. */
  detecting?: boolean;
  send: (e: DeployEvent) => void;
}

/** The preview shows at most this much of a file (the server refuses bigger ones anyway). */
const PREVIEW_CHARS = MAX_SOURCE_BYTES;

export function DeployForm({ context: c, deploying, detecting = false, send }: DeployFormProps) {
  const id = useId();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'deploy.submit' });
  };
  const onFile = async (list: FileList | null) => {
    const file = list?.[0] ?? null;
    const code = file ? (await file.text()).slice(0, PREVIEW_CHARS) : '';
    send({ type: 'file.select', file, code });
  };
  return (
    <form className="panel deploy-form" onSubmit={onSubmit} noValidate aria-busy={deploying}>
      <div className="deploy-form__field">
        <label htmlFor={`${id}-name`}>{DEPLOY_TEXTS.contractName}</label>
        <input
          id={`${id}-name`}
          type="text"
          value={c.contractName}
          autoComplete="off"
          spellCheck={false}
          disabled={deploying}
          aria-describedby={`${id}-name-hint`}
          onChange={(e) => send({ type: 'field.change', field: 'contractName', value: e.target.value })}
        />
        <small id={`${id}-name-hint`} className="muted">
          {keepTerms(DEPLOY_TEXTS.contractNameHint, DEPLOY_CODE_TERMS)}
        </small>
      </div>
      <SignerChoice context={c} deploying={deploying} send={send} />
      {c.signer === 'key' && (
        <div className="deploy-form__field">
          <label htmlFor={`${id}-key`}>{DEPLOY_TEXTS.privateKey}</label>
          <input
            id={`${id}-key`}
            type="password"
            value={c.privateKey}
            autoComplete="off"
            spellCheck={false}
            disabled={deploying}
            aria-describedby={`${id}-key-hint`}
            onChange={(e) => send({ type: 'field.change', field: 'privateKey', value: e.target.value })}
          />
          <small id={`${id}-key-hint`} className="muted">
            {DEPLOY_TEXTS.privateKeyHint}
          </small>
        </div>
      )}
      <div className="deploy-form__field">
        <label htmlFor={`${id}-type`}>{DEPLOY_TEXTS.contractType}</label>
        <select
          id={`${id}-type`}
          value={c.contractType}
          disabled={deploying}
          onChange={(e) => send({ type: 'field.change', field: 'contractType', value: e.target.value })}
        >
          <option value="">{DEPLOY_TEXTS.chooseType}</option>
          <option value="RBC20">{DEPLOY_TEXTS.typeToken}</option>
          <option value="DApp">{DEPLOY_TEXTS.typeDapp}</option>
        </select>
      </div>
      <div className="deploy-form__field">
        <label htmlFor={`${id}-file`}>{keepTerms(DEPLOY_TEXTS.file, DEPLOY_CODE_TERMS)}</label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".sol"
          disabled={deploying}
          aria-describedby={`${id}-ctor`}
          onChange={(e) => void onFile(e.target.files)}
        />
        <small id={`${id}-ctor`} className="muted">
          {keepTerms(DEPLOY_TEXTS.constructorHelp, DEPLOY_CODE_TERMS)} {DEPLOY_TEXTS.maxSize(MAX_SOURCE_BYTES / 1024)}
        </small>
      </div>
      {c.file && (
        <section className="deploy-form__preview" aria-labelledby={`${id}-preview`}>
          <h2 id={`${id}-preview`}>
            {DEPLOY_TEXTS.preview}: <span translate="no">{c.file.name}</span>
          </h2>
          <CodeView code={c.code} language="solidity" labelledBy={`${id}-preview`} />
        </section>
      )}
      {c.error && <DeployError text={c.error} />}
      <button type="submit" className="btn btn--primary" disabled={deploying || detecting}>
        {deploying ? MESSAGES.deploying : DEPLOY_TEXTS.deploy}
      </button>
    </form>
  );
}

/**
 * The form's error. A compiler failure shows solc's own output as code (lang="en": diagnostics
 * with file:line are not translated) under the sentence in the active language.
 */
function DeployError({ text }: { text: string }) {
  const compiler = splitCompilerOutput(text);
  if (!compiler) {
    return (
      <p role="alert" className="deploy-form__error">
        {keepTerms(text, shownData(text))}
      </p>
    );
  }
  return (
    // The new line between the two is the message's own (its text reads as the machine's error); white-space: normal folds it.
    <div role="alert" className="deploy-form__error deploy-form__error--compiler">
      <p className="deploy-form__error-title">{compiler.sentence}</p>
      {'\n'}
      <pre lang="en" translate="no" className="deploy-form__compiler">
        {compiler.output}
      </pre>
    </div>
  );
}
