/**
 * The JWT secret: JWT_SECRET when set, else 32 random bytes generated on first use and kept in
 * dataDir/jwt-secret (mode 0600), so tokens survive restarts and every API process sharing the
 * data folder agrees. Never logged.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

export const SECRET_FILE = 'jwt-secret';

export function resolveJwtSecret(config: Pick<Config, 'dataDir' | 'auth'>): string {
  if (config.auth.jwtSecret) return config.auth.jwtSecret;
  const file = path.join(config.dataDir, SECRET_FILE);
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    // 'wx': two processes starting at once: the first write wins, the second reads it.
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return fs.readFileSync(file, 'utf8').trim();
  }
}
