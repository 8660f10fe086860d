import { useEffect, type ReactNode } from 'react';
import { APP_NAME } from '../../common/spec';

interface PageTitleProps {
  /** Visible heading. */
  children: ReactNode;
  /** Browser tab title; defaults to the heading when it is a string. */
  documentTitle?: string;
  className?: string;
}

/** The page's h1, also reflected in the browser tab as '{title} | Ruby Explorer'. */
export function PageTitle({ children, documentTitle, className }: PageTitleProps) {
  const title = documentTitle ?? (typeof children === 'string' ? children : undefined);
  useEffect(() => {
    if (title) document.title = `${title} | ${APP_NAME}`;
  }, [title]);
  return <h1 className={`page-title ${className ?? ''}`.trim()}>{children}</h1>;
}
