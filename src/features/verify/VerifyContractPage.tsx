/**
 * /VerifyContract/{address}: Verify & Publish. The flow lives in verifyMachine; this
 * screen provides its actors (Sourcify's v2 API under /api/sourcify/, verifyClient.ts) with the
 * chain id from GET /verify/options, and renders the machine's state. Leaving the page stops the
 * machine, and with it any request or poll in flight.
 */
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { SCREEN_TITLES } from '../../../common/spec';
import { urls } from '../../app/urls';
import { verifyMachine, type SubmitInput, type VerifyJob } from '../../machines/verifyMachine';
import { Address } from '../../ui/Address';
import { DetailPage } from '../../ui/DetailPage';
import { useContractDetailQuery } from '../contracts/contractsApi';
import { VERIFY_TEXTS } from './texts';
import { pollVerification, submitVerification } from './verifyClient';
import { useVerifyOptionsQuery } from './verifyApi';
import { VerifyForm } from './VerifyForm';
import { VerifyStatus } from './VerifyStatus';
import './verify.css';

export interface VerifyActors {
  submit: (chainId: string, input: SubmitInput, signal: AbortSignal) => Promise<{ verificationId: string }>;
  poll: (verificationId: string, signal: AbortSignal) => Promise<VerifyJob>;
}

const REAL: VerifyActors = { submit: submitVerification, poll: pollVerification };

export function VerifyContractPage({ address, actors = REAL }: { address: string; actors?: VerifyActors }) {
  return (
    <DetailPage title={SCREEN_TITLES.verifyContract} address={address} invalid={VERIFY_TEXTS.invalid}>
      {(a) => <VerifyView address={a} actors={actors} />}
    </DetailPage>
  );
}

function VerifyView({ address, actors }: { address: string; actors: VerifyActors }) {
  const options = useVerifyOptionsQuery();
  const detail = useContractDetailQuery(address);
  // The actors read the chain id when they run (the options may arrive after the machine starts).
  const chainId = useRef<string | null>(null);
  chainId.current = options.data?.result.chainId ?? null;
  const [logic] = useState(() =>
    verifyMachine.provide({
      actors: {
        submit: fromPromise<{ verificationId: string }, SubmitInput>(async ({ input, signal }) => {
          const id = chainId.current ?? (await options.refetch().unwrap()).result.chainId;
          return actors.submit(id, input, signal);
        }),
        poll: fromPromise<VerifyJob, string>(({ input, signal }) => actors.poll(input, signal)),
      },
    }),
  );
  const [snapshot, send] = useMachine(logic, { input: { address } });
  const verified = snapshot.matches('verified');
  const { refetch } = detail;
  // After a verification the contract's stored data changed: read it again (match levels, arguments).
  useEffect(() => {
    if (verified) void refetch();
  }, [verified, refetch]);

  const contract = detail.data?.result;
  return (
    <>
      <p className="muted verify-page__intro">{VERIFY_TEXTS.intro}</p>
      <div className="panel verify-page__contract">
        <span className="verify-page__label">{VERIFY_TEXTS.contract}</span>
        <Address value={contract?.contractAddress ?? address} lead={15} copy="detail" />
        {contract?.name && (
          <span className="muted" translate="no">
            {contract.name}
          </span>
        )}
        {contract?.verified && !verified && (
          <p className="verify-page__note">
            {VERIFY_TEXTS.alreadyVerified} {VERIFY_TEXTS.upgradeNote}{' '}
            <Link href={urls.contractDetail(contract.contractAddress, { tab: 'Contract' })}>{VERIFY_TEXTS.viewContract}</Link>
          </p>
        )}
      </div>
      <VerifyForm
        snapshot={snapshot}
        send={send}
        options={options.data?.result ?? null}
        optionsFailed={options.isError}
        creationTx={contract?.txHash ?? null}
      />
      <VerifyStatus snapshot={snapshot} send={send} contract={contract ?? null} address={address} />
    </>
  );
}
