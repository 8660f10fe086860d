/**
 * `npm run server -- feedback [--kind issue|feature] [--limit N] [--json]`: prints the stored
 * report-issue and feature-request submissions, newest first, for the operator.
 *
 * With PostgreSQL (DATABASE_URL) it runs beside the product. The embedded PGlite database can be
 * opened by one process only: the command then refuses while the product holds it (PGlite's
 * postmaster.pid exists in DATA_DIR/pglite while it is open) instead of risking the data.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isFeedbackKind, type FeedbackKind, type FeedbackRecord } from '../common/api/feedback';
import type { Config } from './config';
import { openDatabase } from './db/database';
import { listFeedback } from './queries/feedback';

export const FEEDBACK_USAGE = 'usage: feedback [--kind issue|feature] [--limit N] [--json]';
const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 10_000;

export interface FeedbackArgs {
  kind?: FeedbackKind;
  limit: number;
  json: boolean;
}

export function parseFeedbackArgs(argv: readonly string[]): FeedbackArgs {
  const out: FeedbackArgs = { limit: DEFAULT_LIMIT, json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    const [flag, inline] = a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new Error(`${flag} needs a value; ${FEEDBACK_USAGE}`);
      return v;
    };
    if (flag === '--kind') {
      const v = value();
      if (!isFeedbackKind(v)) throw new Error(`--kind must be issue or feature, got "${v}"`);
      out.kind = v;
    } else if (flag === '--limit') {
      const v = value();
      const n = /^[0-9]{1,6}$/.test(v) ? Number(v) : NaN;
      if (!Number.isInteger(n) || n < 1 || n > MAX_LIMIT)
        throw new Error(`--limit must be a whole number from 1 to ${MAX_LIMIT}, got "${v}"`);
      out.limit = n;
    } else if (flag === '--json') {
      out.json = true;
    } else {
      throw new Error(`unknown option "${a}"; ${FEEDBACK_USAGE}`);
    }
  }
  return out;
}

export function formatFeedback(rows: readonly FeedbackRecord[]): string {
  if (rows.length === 0) return 'No submissions.\n';
  return (
    rows
      .map((r) =>
        [
          `#${r.id}  ${r.kind === 'issue' ? 'Issue' : 'Feature request'}  ${r.createdAt}`,
          `From: ${r.name} <${r.email}>`,
          ...r.description.split(/\r?\n/).map((l) => `  ${l}`),
        ].join('\n'),
      )
      .join('\n\n') + '\n'
  );
}

/** Runs the command; returns what to print. Throws with a clear message on bad use. */
export async function runFeedbackCommand(argv: readonly string[], config: Config): Promise<string> {
  const args = parseFeedbackArgs(argv);
  if (!config.databaseUrl) {
    const dir = path.join(config.dataDir, 'pglite');
    if (!fs.existsSync(path.join(dir, 'PG_VERSION')))
      throw new Error(`no embedded database in ${dir} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`);
    if (fs.existsSync(path.join(dir, 'postmaster.pid'))) {
      throw new Error(
        `the embedded database in ${dir} is in use (the product is running): stop it first, or use PostgreSQL (DATABASE_URL). ` +
          `If nothing is running, a crash left ${path.join(dir, 'postmaster.pid')} behind: delete that file.`,
      );
    }
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? null : config.dataDir,
    poolSize: 1,
  });
  try {
    const rows = await listFeedback(database.db, { kind: args.kind, limit: args.limit });
    return args.json ? `${JSON.stringify(rows, null, 2)}\n` : formatFeedback(rows);
  } finally {
    await database.close();
  }
}
