import type { ReactNode } from 'react';
import { LEGAL_DATE } from '../../../common/spec';
import { PageTitle } from '../../ui/PageTitle';
import { LEGAL_TEXTS } from './texts';
import './legal.css';

export interface LegalSection {
  /** Anchor of the section (#id), also its table-of-contents link. */
  id: string;
  heading: string;
  body: ReactNode;
}

/** A legal page: title, 'Last updated' date, contents, numbered sections. */
export function LegalDocument({ title, intro, sections }: { title: string; intro: ReactNode; sections: readonly LegalSection[] }) {
  return (
    <article className="page legal">
      <PageTitle>{title}</PageTitle>
      <p className="legal__updated">
        {LEGAL_TEXTS.lastUpdated} <time dateTime="2024-11-07">{LEGAL_DATE}</time>
      </p>
      <div className="legal__intro">{intro}</div>
      <nav className="legal__toc panel" aria-label={LEGAL_TEXTS.contents}>
        <h2 className="legal__toc-title">{LEGAL_TEXTS.contents}</h2>
        <ol>
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((s, i) => (
        <section key={s.id} id={s.id} className="legal__section" aria-labelledby={`${s.id}-h`}>
          <h2 id={`${s.id}-h`}>
            {i + 1}. {s.heading}
          </h2>
          {s.body}
        </section>
      ))}
    </article>
  );
}
