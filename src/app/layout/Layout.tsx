import type { ReactNode } from 'react';
import { Footer } from './Footer';
import { Header, type HeaderProps } from './Header';

interface LayoutProps extends HeaderProps {
  children: ReactNode;
}

/** Header and footer on every route (docs/decisions.md#spec-screens). */
export function Layout({ children, price, indexing, node }: LayoutProps) {
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header price={price} indexing={indexing} node={node} />
      <main id="main" className="container main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
