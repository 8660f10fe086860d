/**
 * /Deploycontract: the deploy form. The flow lives in deployMachine (compile on the server, sign
 * in the browser, wait, verify); this screen provides the clipboard actor, lets tests replace the
 * network actors, and renders the machine's state. Leaving the page stops the machine and with it
 * its actors: their abort signal cancels requests and keeps a copy that ends afterwards from
 * toasting on another page.
 */
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { SCREEN_TITLES } from '../../../common/spec';
import { copyText } from '../../lib/clipboard';
import { keepTerms } from '../../lib/keepTerms';
import { appDeployMachine } from '../../app/actors/deploy';
import type {
  CompileInput,
  Compiled,
  ConnectInput,
  DeploySigners,
  MinedCreation,
  SendInput,
  VerifyInput,
} from '../../machines/deployTypes';
import { PageTitle } from '../../ui/PageTitle';
import { useToast } from '../../ui/useToast';
import { DeployForm } from './DeployForm';
import { DeployProgress } from './DeployProgress';
import { DeployResult } from './DeployResult';
import { UnlockWallet } from './UnlockWallet';
import { DEPLOY_CODE_TERMS, DEPLOY_TEXTS } from './texts';
import './deploy.css';

/** Replacements of the machine's network actors (component tests); `signal` aborts when the page is left. */
export interface DeployActors {
  detect?: () => Promise<DeploySigners>;
  compile?: (input: CompileInput, signal: AbortSignal) => Promise<Compiled>;
  connect?: (input: ConnectInput) => Promise<string>;
  send?: (input: SendInput) => Promise<string>;
  waitDeployed?: (hash: string, signal: AbortSignal) => Promise<MinedCreation>;
  verify?: (input: VerifyInput) => Promise<void>;
}

export interface DeployContractPageProps {
  actors?: DeployActors;
}

function provided(a: DeployActors) {
  return {
    ...(a.detect ? { detect: fromPromise<DeploySigners>(() => a.detect!()) } : {}),
    ...(a.compile ? { compile: fromPromise<Compiled, CompileInput>(({ input, signal }) => a.compile!(input, signal)) } : {}),
    ...(a.connect ? { connect: fromPromise<string, ConnectInput>(({ input }) => a.connect!(input)) } : {}),
    ...(a.send ? { send: fromPromise<string, SendInput>(({ input }) => a.send!(input)) } : {}),
    ...(a.waitDeployed ? { waitDeployed: fromPromise<MinedCreation, string>(({ input, signal }) => a.waitDeployed!(input, signal)) } : {}),
    ...(a.verify ? { verify: fromPromise<void, VerifyInput>(({ input }) => a.verify!(input)) } : {}),
  };
}

export function DeployContractPage({ actors = {} }: DeployContractPageProps) {
  const toast = useToast();
  // Provided once: useMachine keeps the logic it was first given.
  const [logic] = useState(() =>
    appDeployMachine.provide({
      actors: {
        ...provided(actors),
        copyAddress: fromPromise<void, string>(async ({ input, signal }) => {
          await copyText(input);
          // A clipboard write cannot be cancelled; its toast can.
          if (!signal.aborted) toast.show(DEPLOY_TEXTS.copied);
        }),
      },
    }),
  );
  const [snapshot, send] = useMachine(logic);
  const c = snapshot.context;
  const deploying = snapshot.matches('deploying');
  // The form is usable while the wallets are looked for (the machine keeps what is typed); only Deploy waits.
  const detecting = snapshot.matches('detecting');
  const unlocking = snapshot.matches({ deploying: 'unlocking' });
  const step = typeof snapshot.value === 'object' && 'deploying' in snapshot.value ? String(snapshot.value.deploying) : null;

  return (
    <section className="page deploy-page">
      <PageTitle>{SCREEN_TITLES.deployContract}</PageTitle>
      <p className="muted deploy-page__intro">{keepTerms(DEPLOY_TEXTS.intro, DEPLOY_CODE_TERMS)}</p>
      <div className="deploy-page__grid">
        <DeployForm context={unlocking ? { ...c, error: null } : c} deploying={deploying} detecting={detecting} send={send} />
        <div className="deploy-page__side">
          {unlocking && <UnlockWallet password={c.password} error={c.error} send={send} />}
          {step && step !== 'unlocking' && <DeployProgress step={step} transactionHash={c.transactionHash} />}
          {snapshot.matches('deployed') && c.contractAddress && (
            <DeployResult
              address={c.contractAddress}
              transactionHash={c.transactionHash}
              isToken={c.contractType === 'RBC20'}
              verified={c.verified}
              verifyError={c.verifyError}
              copying={snapshot.matches({ deployed: 'copying' })}
              copyError={c.copyError}
              onCopy={() => send({ type: 'address.copy' })}
              onAgain={() => send({ type: 'deploy.again' })}
            />
          )}
        </div>
      </div>
    </section>
  );
}
