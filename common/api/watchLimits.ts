/**
 * The watchlist's limits, apart from its schemas (watchlist.ts, which re-exports
 * them): the SPA's entry shows them in texts, and importing them from watchlist.ts brought
 * TypeBox (14 KB gzipped) into every page's first JavaScript.
 */

/** Most addresses one account may watch. */
export const MAX_WATCHED = 50;
/** Longest private label, in characters once trimmed. */
export const WATCH_LABEL_MAX = 40;
