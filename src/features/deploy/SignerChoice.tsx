/**
 * Who signs the deployment: the signed-in user's web wallet, an injected browser wallet, or a
 * pasted private key (the spec's field). Shown only when there is a choice; every signer signs in
 * this browser.
 */
import { shortenAddress } from '../../lib/shorten';
import type { DeployContext, DeployEvent, DeploySigner } from '../../machines/deployTypes';
import { DEPLOY_TEXTS } from './texts';

interface SignerChoiceProps {
  context: DeployContext;
  deploying: boolean;
  send: (e: DeployEvent) => void;
}

export function SignerChoice({ context: c, deploying, send }: SignerChoiceProps) {
  const web = c.signers.web;
  if (!web && !c.signers.injected) return null;
  const options: Array<{ value: DeploySigner; label: string }> = [
    ...(web ? [{ value: 'web' as const, label: `${DEPLOY_TEXTS.signerWeb} (${shortenAddress(web.address)})` }] : []),
    ...(c.signers.injected ? [{ value: 'injected' as const, label: DEPLOY_TEXTS.signerInjected }] : []),
    { value: 'key', label: DEPLOY_TEXTS.signerKey },
  ];
  return (
    <fieldset className="deploy-form__field deploy-form__signers" disabled={deploying}>
      <legend>{DEPLOY_TEXTS.signWith}</legend>
      {options.map((o) => (
        <label key={o.value} className="deploy-form__signer">
          <input
            type="radio"
            name="deploy-signer"
            value={o.value}
            checked={c.signer === o.value}
            onChange={() => send({ type: 'signer.choose', signer: o.value })}
          />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}
