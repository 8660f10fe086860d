import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { APP_NAME, HEADER, HEADER_LINK_LABELS, HEADER_LINKS, MESSAGES, SCREEN_TITLES } from '../../../common/spec';
import { defineTexts } from '../../lib/i18n';
import { EyeIcon, LogoutIcon, MenuIcon, RubyIcon, SearchIcon } from '../../ui/icons';
import { paletteShortcut, requestPalette } from '../../lib/paletteSignal';
import { urls } from '../urls';
import { CountdownBanner } from './CountdownBanner';
import { IndexingNotice, type IndexingStatus } from './IndexingNotice';
import { NodeBanner, type NodeState } from './NodeBanner';
import { PriceStrip, type PriceData } from './PriceStrip';
import { useLogout } from './useLogout';
import { LanguageSwitch } from './LanguageSwitch';
import { LAYOUT_TEXTS } from './texts';

export interface HeaderProps {
  price?: PriceData;
  indexing?: IndexingStatus | null;
  /** The node's state: a banner tops every page while it does not answer. */
  node?: NodeState | null;
}

/** The header's way into the command palette: visible at every width, with its shortcut. */
export const SEARCH_BUTTON = defineTexts('app.searchButton', {
  text: 'Search',
  label: 'Search or jump to a page (Ctrl+K or /)',
} as const);

function isActive(location: string, href: string): boolean {
  return location.toLowerCase() === href.toLowerCase();
}

/** Node banner (while the node is down), price strip, navigation in the spec's order, logout icon (only with a token), banners. */
export function Header({ price, indexing, node }: HeaderProps) {
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // Escape closes the open phone menu and gives the focus back to its button (the disclosure pattern).
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);
  const { loggedIn, alertVisible, logout, dismissAlert } = useLogout();

  return (
    <header className="site-header">
      <NodeBanner node={node} />
      <PriceStrip {...price} />
      <div className="navbar">
        <div className="container navbar__inner">
          <Link href={urls.home()} className="navbar__logo" aria-label={LAYOUT_TEXTS.homeLink(APP_NAME)}>
            <RubyIcon />
            <span>{APP_NAME}</span>
          </Link>
          {/* Its name is its visible text ("Search Ctrl K"), as WCAG 2.5.3 asks; the title says more. */}
          <button
            type="button"
            className="navbar__search"
            aria-keyshortcuts="Control+K Meta+K /"
            title={SEARCH_BUTTON.label}
            onClick={requestPalette}
          >
            <SearchIcon />
            <span className="navbar__search-text">{SEARCH_BUTTON.text}</span> <kbd className="navbar__search-kbd">{paletteShortcut()}</kbd>
          </button>
          <LanguageSwitch />
          <button
            ref={toggleRef}
            type="button"
            className="icon-btn navbar__toggle"
            aria-label={LAYOUT_TEXTS.menu}
            aria-expanded={menuOpen}
            aria-controls="main-nav"
            onClick={() => setMenuOpen((o) => !o)}
          >
            <MenuIcon />
          </button>
          <nav id="main-nav" aria-label={LAYOUT_TEXTS.mainNav} className={`navbar__nav ${menuOpen ? 'is-open' : ''}`.trim()}>
            <ul>
              {HEADER_LINKS.map(({ route }) => {
                const href = urls[route]();
                return (
                  <li key={route}>
                    <Link href={href} aria-current={isActive(location, href) ? 'page' : undefined} onClick={() => setMenuOpen(false)}>
                      {HEADER_LINK_LABELS[route]}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          {loggedIn && (
            // The logged-in user's watchlist and alerts, an icon beside the logout icon
            // (a text link made the desktop header wrap to two rows at 1366 px).
            <Link
              href={urls.watchlist()}
              className="icon-btn navbar__watchlist"
              aria-label={SCREEN_TITLES.watchlist}
              title={SCREEN_TITLES.watchlist}
              aria-current={isActive(location, urls.watchlist()) ? 'page' : undefined}
            >
              <EyeIcon />
            </Link>
          )}
          {loggedIn && (
            <Link href={urls.home()} className="icon-btn navbar__logout" aria-label={HEADER.logout} title={HEADER.logout} onClick={logout}>
              <LogoutIcon />
            </Link>
          )}
        </div>
      </div>
      {alertVisible && (
        <div className="container">
          <div className="alert alert--success" role="alert">
            <span>{MESSAGES.loggedOut}</span>
            <button type="button" className="alert__close" aria-label={LAYOUT_TEXTS.dismiss} onClick={dismissAlert}>
              ×
            </button>
          </div>
        </div>
      )}
      <IndexingNotice status={indexing} />
      <CountdownBanner />
    </header>
  );
}
