/**
 * A landing screen before its code and data: the search box, the screen's heading and
 * a busy panel, laid out as the screen lays them out, so the screen replaces it without anything
 * moving or flashing. The same component is the SPA's route fallback (App.tsx) and, rendered at
 * build time with placeholders (renderShell.tsx, vite.config.ts), the main of the served HTML
 * (server/api/spaShell.ts). Which paths get one: common/routeSkeleton.ts.
 *
 * Mirrors: HomePage (div.page.home, the hero search box holding the h1), BlockPage and
 * TransactionPage (section.page.tx-detail, header.detail-header with the h1 and the value,
 * a panel with a 36rem Loading), DetailPage (section.page.detail-page, the h1 under the box).
 * No style attribute (the CSP): the Loading heights come from classes (shell.css).
 */
import type { RouteSkeletonSpec } from '../../../common/routeSkeleton';
import { SearchBoxSkeleton } from '../../sections/search/SearchBoxSkeleton';
import { Loading } from '../../ui/Loading';
import { PageTitle } from '../../ui/PageTitle';

/** Class of the route fallback's Loading (min-height 60vh, shell.css). */
export const ROUTE_LOADING_CLASS = 'loading--route';

export function RouteSkeleton({ skeleton }: { skeleton: RouteSkeletonSpec }) {
  const { kind, heading, value } = skeleton;
  if (kind === 'home' || kind === 'homeAa') {
    return (
      <div className="page home" data-variant={kind === 'home' ? 'full' : 'aa'}>
        <SearchBoxSkeleton variant="hero" />
        <Loading className={ROUTE_LOADING_CLASS} />
      </div>
    );
  }
  if (kind === 'address') {
    return (
      <section className="page detail-page">
        <SearchBoxSkeleton />
        <PageTitle>{heading}</PageTitle>
        <Loading className={ROUTE_LOADING_CLASS} />
      </section>
    );
  }
  return (
    <section className="page tx-detail">
      <SearchBoxSkeleton />
      <header className="detail-header">
        <PageTitle>{heading}</PageTitle>
        {kind === 'block' ? (
          <p className="detail-summary">
            <span className="mono muted">{value}</span>
          </p>
        ) : (
          <p className="detail-summary mono muted">{value}</p>
        )}
      </header>
      <div className="panel">
        <Loading className="loading--detail" />
      </div>
    </section>
  );
}
