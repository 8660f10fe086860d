/**
 * The frame of the address, token and contract pages: the address comes from the URL (r… or
 * 0x…, any case), a malformed one gets a clear message and no request, and a failed read says
 * what went wrong instead of an endless 'Loading...'.
 */
import { Fragment, type ReactNode } from 'react';
import { isAddressInput } from '../lib/addressInput';
import { classifyFailure } from '../lib/failure';
import { DetailCopyToasts } from './DetailCopyToasts';
import { DetailMessage } from './DetailMessage';
import { LoadError } from './LoadError';
import { PageTitle } from './PageTitle';

interface DetailPageProps {
  title: string;
  /** The address as the URL has it. */
  address: string;
  /** The message for a malformed address. */
  invalid: string;
  /** The page's view of a well-formed address; a new address gets a fresh view (its own tabs and pages). */
  children: (address: string) => ReactNode;
  /** The search box, above the title as on the block and transaction pages. */
  search?: ReactNode;
}

export function DetailPage({ title, address, invalid, children, search }: DetailPageProps) {
  const input = address.trim();
  return (
    <DetailCopyToasts>
      <section className="page detail-page">
        {search}
        <PageTitle>{title}</PageTitle>
        {isAddressInput(input) ? (
          <Fragment key={input.toLowerCase()}>{children(input)}</Fragment>
        ) : (
          <DetailMessage input={input} message={invalid} />
        )}
      </section>
    </DetailCopyToasts>
  );
}

interface DetailFailureProps {
  address: string;
  /** The RTK Query error of the page's main read. */
  error: unknown;
  texts: {
    /** For a 404, when the page knows "not found" (unknown token or contract); else a 404 is a load error. */
    notFound?: string;
    /** For a 400 (the server refused the address). */
    invalid: string;
    loadFailed: string;
  };
  onRetry: () => void;
}

/** The main read failed: not found or refused as a clear message, anything else as a load error with Retry. */
export function DetailFailure({ address, error, texts, onRetry }: DetailFailureProps) {
  const { kind } = classifyFailure(error);
  if (kind === 'notFound' && texts.notFound !== undefined) return <DetailMessage input={address} message={texts.notFound} />;
  if (kind === 'invalid') return <DetailMessage input={address} message={texts.invalid} />;
  return <LoadError message={texts.loadFailed} onRetry={onRetry} minHeight="12rem" />;
}
