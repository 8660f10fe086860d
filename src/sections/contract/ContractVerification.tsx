/**
 * The verification details of the contract page and the token page's Contract tab: how the contract was created (the
 * transaction, or the factory whose CREATE/CREATE2 made it, linked), and once verified the match
 * levels (creation and runtime, Sourcify's names), compiler, settings and the constructor
 * arguments decoded from the chain. An unverified contract whose runtime code equals a verified
 * one's (metadata and immutables aside) shows "Similar to verified contract r…" with that source,
 * clearly marked as not verified, and the way to verify it for real.
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { ContractDetail } from '../../../common/api/tokens';
import './code.css';
import { urls } from '../../app/urls';
import { Address } from '../../ui/Address';
import { CodeBlock } from '../../ui/CodeBlock';
import { CodeView } from '../../ui/CodeView';
import { ConstructorArgs } from '../../ui/ConstructorArgs';
import { DetailSummary } from '../../ui/DetailSummary';
import { Hash } from '../../ui/Hash';
import { formatCount } from '../../lib/amount';
import { VERIFICATION_TEXTS as T, matchLevelText } from './verificationTexts';

type Props = { contract: Pick<ContractDetail, 'contractAddress' | 'verified' | 'verification' | 'creation' | 'similarTo'> };

export function ContractVerification({ contract }: Props) {
  const { verification: v, creation, similarTo } = contract;
  const rows: [string, ReactNode][] = [];
  if (creation) {
    rows.push([T.createdBy, <Hash key="tx" value={creation.txHash} copy="detail" />]);
    rows.push([
      T.block,
      <Link key="b" href={urls.block(creation.blockNumber)}>
        {formatCount(creation.blockNumber)}
      </Link>,
    ]);
    if (creation.factory) rows.push([T.factory, <Address key="f" value={creation.factory} lead={15} copy="detail" />]);
    rows.push([creation.factory ? T.sender : T.deployer, <Address key="c" value={creation.creator} lead={15} copy="detail" />]);
  }
  if (v) {
    rows.push([T.creationMatch, matchLevelText(v.creationMatch)]);
    rows.push([T.runtimeMatch, matchLevelText(v.runtimeMatch)]);
    rows.push([T.contractName, v.fullyQualifiedName ?? v.contractName]);
    rows.push([T.compiler, v.compilerVersion]);
    rows.push([T.optimizer, v.optimizer ? (v.optimizer.enabled ? T.optimizerRuns(formatCount(v.optimizer.runs)) : T.disabled) : T.unknown]);
    rows.push([T.evmVersion, v.evmVersion ?? T.compilerDefault]);
    const at = new Date(v.verifiedAt);
    if (!Number.isNaN(at.getTime()))
      rows.push([
        T.verifiedAt,
        at
          .toISOString()
          .replace('T', ' ')
          .replace(/\.\d+Z$/, ' UTC'),
      ]);
  }
  return (
    <>
      {rows.length > 0 && <DetailSummary id="contract-verification" title={T.title} rows={rows} />}
      {v && (
        <section className="panel contract-args" aria-labelledby="contract-args-title">
          <h2 id="contract-args-title" className="detail-summary__title">
            {T.constructorArgs}
          </h2>
          <p className="muted">{T.argsNote}</p>
          {v.constructorArguments ? (
            <ConstructorArgs args={v.constructorArguments} label={T.constructorArgs} empty={T.noArgs} />
          ) : (
            <p className="muted">{T.argsNotProved}</p>
          )}
        </section>
      )}
      {!contract.verified && similarTo && (
        <section className="panel contract-similar" aria-labelledby="contract-similar-title">
          <h2 id="contract-similar-title" className="detail-summary__title">
            {T.similarTo} <Address value={similarTo.address} lead={15} copy="detail" />
          </h2>
          <p className="contract-similar__warning" role="note">
            <strong>{T.notVerifiedBadge}</strong> {T.similarNote}
          </p>
          <p>
            <Link className="btn btn--primary" href={urls.verifyContract(contract.contractAddress)}>
              {T.verifyThis}
            </Link>
          </p>
          <CodeBlock
            layout="heading"
            label={`${T.similarSource} ${similarTo.contractName} (${similarTo.compilerVersion}) — ${T.notVerifiedBadge}`}
            code={similarTo.source}
            toast="detail"
            renderBox={({ labelledBy }) => (
              <CodeView
                code={similarTo.source}
                language={similarTo.sourceFormat === 'single' ? 'solidity' : 'json'}
                labelledBy={labelledBy}
              />
            )}
          />
        </section>
      )}
    </>
  );
}
