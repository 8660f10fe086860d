/**
 * sessionMachine, model-based: every shortest path over the four kinds of stored token (none,
 * undecodable, expired, valid), log-out, the alert's time-out and dismissal, and a valid token's
 * own expiry, run on a real actor whose token removal is provided (the screens read the same
 * actor through useSession); 100 % state and transition coverage. The header's rendering of the
 * states is tested in tests/src/app/layout/Header.test.tsx and tests/src/features/wallet.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { readToken, sessionMachine, type SessionEvent } from '../../src/machines/sessionMachine';
import { VALID, now, part, sessionModelMachine, sessionPaths } from './models/session';
import { pathCoverage, reportCoverage } from './coverage';

const modelMachine = sessionModelMachine;
const paths = sessionPaths();

describe('sessionMachine paths', () => {
  afterAll(() => reportCoverage(pathCoverage(modelMachine, paths)));

  it('reads tokens: email and exp in seconds, or null', () => {
    expect(readToken(VALID)).toEqual({ email: 'ann@example.com', exp: now + 3600 });
    expect(readToken('not-a-jwt')).toBeNull();
    expect(readToken(`${part({})}.${part({ email: 1 })}.x`)).toBeNull();
  });

  it('covers every state and transition', () => {
    const cov = pathCoverage(modelMachine, paths);
    expect(cov.coveredStates).toEqual(cov.states);
    expect(cov.coveredTransitions).toEqual(cov.transitions);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    const removed: number[] = [];
    const forgotten: number[] = [];
    const actor = createActor(
      sessionMachine.provide({ actions: { removeToken: () => removed.push(1), forgetKeys: () => forgotten.push(1) } }),
      { input: { token: null } },
    );
    actor.start();
    let logouts = 0;
    await path.test({
      events: Object.fromEntries(
        [
          'session.refresh',
          'session.logout',
          'alert.dismiss',
          `xstate.after.untilExpiry.session.valid`,
          'xstate.after.logoutAlert.session.loggedOut',
        ].map((type) => [
          type,
          ({ event }: { event: SessionEvent }) => {
            if (event.type === 'session.logout') logouts++;
            actor.send(event);
          },
        ]),
      ) as never,
      states: {
        anonymous: () => expect(actor.getSnapshot().value).toBe('anonymous'),
        valid: () => expect(actor.getSnapshot().context.email).toBe('ann@example.com'),
        expired: () => expect(actor.getSnapshot().value).toBe('expired'),
        undecodable: () => expect(actor.getSnapshot().value).toBe('undecodable'),
        loggedOut: () => {
          expect(actor.getSnapshot().context.token).toBeNull();
          expect(removed.length).toBe(logouts);
          expect(forgotten.length).toBe(logouts);
        },
      },
    });
    actor.stop();
  });
});
