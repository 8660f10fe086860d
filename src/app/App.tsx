import { Suspense, useMemo } from 'react';
import { toHexAddress } from '../../common/address';
import { skeletonOf } from '../../common/routeSkeleton';
import { useGetNameTagsQuery } from '../features/status/statusApi';
import { NameTagsContext, type NameTagMap } from '../ui/nameTags';
import { Provider } from 'react-redux';
import { Router, useLocation, type BaseLocationHook } from 'wouter';
import { AppErrorBoundary } from '../features/errors/AppErrorBoundary';
import { PaletteHost } from '../features/search/palette/PaletteHost';
import { WatchlistHost } from '../features/watchlist/WatchlistHost';
import { useLocale } from '../lib/i18n';
import { Loading } from '../ui/Loading';
import { ToastProvider } from '../ui/ToastProvider';
import type { IndexingStatus } from './layout/IndexingNotice';
import { Layout } from './layout/Layout';
import { RouteSkeleton } from './shell/RouteSkeleton';
import type { PriceData } from './layout/PriceStrip';
import { useHeaderData } from './layout/useHeaderData';
import { AppRoutes } from './routes';
import { store as defaultStore, type AppStore } from './store';

interface AppProps {
  /** wouter location hook; tests pass memoryLocation().hook, the browser uses the default. */
  locationHook?: BaseLocationHook;
  store?: AppStore;
  /** Header data for tests; by default App reads it from the API (useHeaderData). */
  price?: PriceData;
  indexing?: IndexingStatus | null;
  /** The request's path and query when the server renders the page (src/app/shell/renderPage.tsx). */
  ssrPath?: string;
  ssrSearch?: string;
}

/** The public name tags, for every Address on every page (src/ui/nameTags.tsx). */
function useNameTagMap(): NameTagMap {
  const { data } = useGetNameTagsQuery();
  return useMemo(() => new Map((data?.result ?? []).map((t) => [toHexAddress(t.address), t.tag])), [data]);
}

/**
 * While a screen's code loads: the landing routes' skeleton (search box, heading, busy panel),
 * the same the served HTML shows, else a Loading of the route's height.
 */
function RouteFallback() {
  const [location] = useLocation();
  const skeleton = skeletonOf(location);
  return skeleton ? <RouteSkeleton skeleton={skeleton} /> : <Loading minHeight="60vh" />;
}

function Routed({ price, indexing }: Pick<AppProps, 'price' | 'indexing'>) {
  const [location] = useLocation();
  const live = useHeaderData();
  const tags = useNameTagMap();
  return (
    <NameTagsContext.Provider value={tags}>
      <WatchlistHost>
        <Layout price={price ?? live.price} indexing={indexing === undefined ? live.indexing : indexing} node={live.node}>
          <AppErrorBoundary resetKey={location}>
            <Suspense fallback={<RouteFallback />}>
              <AppRoutes />
            </Suspense>
          </AppErrorBoundary>
          <PaletteHost />
        </Layout>
      </WatchlistHost>
    </NameTagsContext.Provider>
  );
}

export function App({ locationHook, store = defaultStore, price, indexing, ssrPath, ssrSearch }: AppProps) {
  // A language switch renders every page and the shell again in the new language (texts are read
  // while rendering, src/lib/i18n/defineTexts.ts); the store keeps the data, so nothing is fetched again,
  // and the switch types the form fields' values in again (layout/keepFields.ts).
  const locale = useLocale();
  return (
    <Provider store={store}>
      <ToastProvider>
        <Router hook={locationHook} ssrPath={ssrPath} ssrSearch={ssrSearch}>
          <Routed key={locale} price={price} indexing={indexing} />
        </Router>
      </ToastProvider>
    </Provider>
  );
}
