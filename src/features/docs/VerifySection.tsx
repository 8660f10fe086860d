/**
 * The /Api page's way to the Verify & Publish page: an address field that opens the
 * page, and the same verification for tools: forge's Sourcify verifier pointed at this explorer.
 */
import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { urls } from '../../app/urls';
import { isAddressInput } from '../../lib/addressInput';
import { CodeBlock } from '../../ui/CodeBlock';
import { API_DOCS_TEXTS as T, DOCS_UI_TEXTS as U } from './texts';
import { mixedText } from '../../ui/MixedText';

export function VerifySection({ baseUrl }: { baseUrl: string }) {
  const id = useId();
  const [, navigate] = useLocation();
  const [address, setAddress] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!isAddressInput(address.trim())) return setProblem(T.verifyInvalid);
    navigate(urls.verifyContract(address.trim()));
  };
  return (
    <section className="panel api-verify" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{T.verifyTitle}</h2>
      <p>{mixedText(T.verifyIntro)}</p>
      <form className="api-verify__form" onSubmit={onSubmit} noValidate>
        <label htmlFor={`${id}-address`}>{T.verifyAddress}</label>
        <input
          id={`${id}-address`}
          type="text"
          value={address}
          placeholder={U.addressPlaceholder}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => {
            setAddress(e.target.value);
            setProblem(null);
          }}
        />
        <button type="submit" className="btn btn--primary">
          {T.verifyOpen}
        </button>
      </form>
      {problem && (
        <p role="alert" className="api-verify__error">
          {problem}
        </p>
      )}
      <p>{mixedText(T.verifyForge)}</p>
      <CodeBlock
        label={T.verifyForge}
        language="shell"
        code={`forge verify-contract <address> src/Box.sol:Box --verifier sourcify --verifier-url ${baseUrl}/sourcify/ --chain-id <chain id>`}
      />
    </section>
  );
}
