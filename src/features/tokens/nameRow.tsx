/** The token overview's Name row (token and NFT pages): the chain's own name, kept untranslated. */
import type { ReactNode } from 'react';
import { NO_VALUE } from '../../../common/spec';
import { TOKEN_TEXTS } from './texts';

export function nameRow(name: string | null | undefined): [string, ReactNode] {
  return [
    TOKEN_TEXTS.name,
    name ? (
      <span key="n" translate="no">
        {name}
      </span>
    ) : (
      NO_VALUE
    ),
  ];
}
