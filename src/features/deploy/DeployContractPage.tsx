/**
 * /Deploycontract: the deploy form. The flow lives in deployMachine; this screen provides its
 * actors (the upload, the clipboard) and renders the machine's state. Leaving the page stops the
 * machine and with it its actors: their abort signal cancels the upload request and keeps a copy
 * that ends afterwards from toasting on another page.
 */
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { SCREEN_TITLES } from '../../../common/spec';
import { copyText } from '../../lib/clipboard';
import { deployMachine, type UploadInput, type UploadOutput } from '../../machines/deployMachine';
import { PageTitle } from '../../ui/PageTitle';
import { useToast } from '../../ui/useToast';
import { DeployForm } from './DeployForm';
import { DeployResult } from './DeployResult';
import { uploadContract } from './deployUpload';
import { DEPLOY_TEXTS } from './texts';
import './deploy.css';

export interface DeployContractPageProps {
  /** Replaces the real upload (component tests); `signal` aborts when the page is left. */
  upload?: (input: UploadInput, signal: AbortSignal) => Promise<UploadOutput>;
}

export function DeployContractPage({ upload = uploadContract }: DeployContractPageProps) {
  const toast = useToast();
  // Provided once: useMachine keeps the logic it was first given.
  const [logic] = useState(() =>
    deployMachine.provide({
      actors: {
        upload: fromPromise<UploadOutput, UploadInput>(({ input, signal }) => upload(input, signal)),
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

  return (
    <section className="page deploy-page">
      <PageTitle>{SCREEN_TITLES.deployContract}</PageTitle>
      <p className="muted deploy-page__intro">{DEPLOY_TEXTS.intro}</p>
      <div className="deploy-page__grid">
        <DeployForm context={c} deploying={deploying} send={send} />
        {snapshot.matches('deployed') && c.contractAddress && (
          <DeployResult
            address={c.contractAddress}
            transactionHash={c.transactionHash}
            isToken={c.contractType === 'RBC20'}
            copying={snapshot.matches({ deployed: 'copying' })}
            copyError={c.copyError}
            onCopy={() => send({ type: 'address.copy' })}
            onAgain={() => send({ type: 'deploy.again' })}
          />
        )}
      </div>
    </section>
  );
}
