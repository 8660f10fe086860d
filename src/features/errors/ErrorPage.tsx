import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ERROR_PAGE } from '../../../common/spec';
import { urls } from '../../app/urls';
import { defineTexts } from '../../lib/i18n';
import { PageTitle } from '../../ui/PageTitle';
import { RetryButton } from '../../ui/RetryButton';

interface ErrorPageProps {
  /** Status line under the title, e.g. '404 Not Found' or an error message. */
  detail?: ReactNode;
  /** Offered when the failure may be temporary (a chunk that did not load). */
  onRetry?: () => void;
  title?: string;
}

/** The generic application error page (unknown routes, render failures, failed chunk loads). */
export function ErrorPage({ detail, onRetry, title = ERROR_PAGE.title }: ErrorPageProps) {
  return (
    <section className="page error-page" role="alert">
      <PageTitle>{title}</PageTitle>
      {detail !== undefined && <p className="error-page__detail">{detail}</p>}
      <div className="error-page__actions">
        {onRetry && <RetryButton onRetry={onRetry} primary />}
        <Link href={urls.home()} className="btn">
          {ERROR_PAGE.home}
        </Link>
      </div>
    </section>
  );
}

/** The unknown-route page: our own 404, not a router's crash title. */
export const NOT_FOUND_TEXTS = defineTexts('errors.notFound', {
  title: 'Page not found',
  hint: 'The address may be mistyped, or the page may have moved. Search for a block, transaction, address or token from the header.',
} as const);

/** A render failure that threw something without a message. */
export const ERROR_TEXTS = defineTexts('errors.texts', { unknown: 'Unknown error' } as const);

export function NotFoundPage() {
  return (
    <ErrorPage
      title={NOT_FOUND_TEXTS.title}
      detail={
        <>
          {ERROR_PAGE.notFound}
          <br />
          <span className="muted">{NOT_FOUND_TEXTS.hint}</span>
        </>
      }
    />
  );
}
