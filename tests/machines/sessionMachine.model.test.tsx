/**
 * sessionMachine, model-based: every shortest path over the four kinds of stored token (none,
 * undecodable, expired, valid), log-out, the alert's time-out and dismissal, and a valid token's
 * own expiry, run on a real actor whose token removal is provided (the screens read the same
 * actor through useSession); 100 % state and transition coverage. The header's rendering of the
 * states is tested in tests/src/app/layout/Header.test.tsx and tests/src/features/wallet.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { readToken, sessionMachine, type SessionEvent } from '../../src/machines/sessionMachine';
import { pathCoverage, reportCoverage } from './coverage';
import { modelOf } from './modelHarness';

const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (exp: number) => `${part({ alg: 'HS256' })}.${part({ email: 'ann@example.com', iat: 1, exp })}.sig`;
const now = Math.floor(Date.now() / 1000);
const VALID = jwt(now + 3600);
const EXPIRED = jwt(now - 60);

const EVENTS = [
  { type: 'session.refresh', token: null },
  { type: 'session.refresh', token: 'not-a-jwt' },
  { type: 'session.refresh', token: EXPIRED },
  { type: 'session.refresh', token: VALID },
  { type: 'session.logout' },
  { type: 'alert.dismiss' },
] as SessionEvent[];

const model = createTestModel(modelOf(sessionMachine), { events: EVENTS, input: { token: null } });
// A valid token's timer firing leads back to `valid` (not yet expired): a state the shortest
// paths already reach, so that transition gets its own path.
const paths = [
  ...model.getShortestPaths(),
  ...model.getPathsFromEvents([{ type: 'session.refresh', token: VALID }, { type: 'xstate.after.untilExpiry.session.valid' } as unknown as SessionEvent]),
];

describe('sessionMachine paths', () => {
  afterAll(() => reportCoverage(pathCoverage(sessionMachine, paths, { input: { token: null } })));

  it('reads tokens: email and exp in seconds, or null', () => {
    expect(readToken(VALID)).toEqual({ email: 'ann@example.com', exp: now + 3600 });
    expect(readToken('not-a-jwt')).toBeNull();
    expect(readToken(`${part({})}.${part({ email: 1 })}.x`)).toBeNull();
  });

  it('covers every state and transition', () => {
    const cov = pathCoverage(sessionMachine, paths, { input: { token: null } });
    expect(cov.coveredStates).toEqual(cov.states);
    expect(cov.coveredTransitions).toEqual(cov.transitions);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    const removed: number[] = [];
    const forgotten: number[] = [];
    const actor = createActor(sessionMachine.provide({ actions: { removeToken: () => removed.push(1), forgetKeys: () => forgotten.push(1) } }), { input: { token: null } });
    actor.start();
    let logouts = 0;
    await path.test({
      events: Object.fromEntries(['session.refresh', 'session.logout', 'alert.dismiss', `xstate.after.untilExpiry.session.valid`, 'xstate.after.logoutAlert.session.loggedOut'].map((type) => [type, ({ event }: { event: SessionEvent }) => {
        if (event.type === 'session.logout') logouts++;
        actor.send(event);
      }])) as never,
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
