/**
 * The Hindi catalogue and Lingui, loaded as their own chunk only when Hindi is chosen
 * (./locale.ts). Each `src/locales/hi/<file>.json` mirrors the texts it translates:
 * `{ "<part>": { "<key>": "…" } }`, so the message id of `defineTexts('blocks.texts', …).listCaption`
 * is `blocks.texts.listCaption`, found in `hi/blocks.json` under `texts.listCaption`. Messages are
 * ICU MessageFormat (`{0}` is a text function's first argument; `{0, number}` formats it for
 * hi-IN, 1,00,000), compiled here once when the chunk loads.
 */
import { setupI18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { flattenCatalogue } from './catalogueFiles';
import type { Translator } from '../../../common/i18n/texts';
import { INTL_LOCALE } from './locale';

const files = import.meta.glob<Record<string, unknown>>('../../locales/hi/*.json', { eager: true, import: 'default' });

export function hindiTranslator(): Translator {
  const messages: Messages = {};
  for (const [id, text] of flattenCatalogue(files)) messages[id] = compileMessage(text);
  const i18n = setupI18n({ locale: 'hi', locales: [INTL_LOCALE.hi], messages: { hi: messages } });
  return {
    has: (id) => messages[id] !== undefined,
    translate: (id, values) => i18n._(id, values),
  };
}
