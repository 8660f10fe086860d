import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';

interface PanelProps {
  title: string;
  /** The panel's 'View all ...' link. */
  more?: { href: string; label: string };
  children: ReactNode;
  className?: string;
}

/** A titled home panel (a labelled region) with an optional 'View all' link at its foot. */
export function Panel({ title, more, children, className }: PanelProps) {
  const id = useId();
  return (
    <section className={`panel home-panel ${className ?? ''}`.trim()} aria-labelledby={id}>
      <h2 id={id} className="home-panel__title">
        {title}
      </h2>
      <div className="home-panel__body">{children}</div>
      {more && (
        <div className="home-panel__more">
          <Link href={more.href} className="btn btn--small home-panel__link">
            {more.label}
          </Link>
        </div>
      )}
    </section>
  );
}
