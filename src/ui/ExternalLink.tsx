import type { ReactNode } from 'react';
import { externalLinkProps } from '../app/links';

interface ExternalLinkProps {
  href: string;
  children: ReactNode;
  className?: string;
}

/** A link that opens in a new tab without giving the new page a handle on this one. */
export function ExternalLink({ href, children, className }: ExternalLinkProps) {
  return (
    <a href={href} className={className} {...externalLinkProps}>
      {children}
    </a>
  );
}
