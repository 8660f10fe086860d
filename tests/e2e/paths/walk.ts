/**
 * Walks one generated path in the browser: each step's event through its browser action, then
 * every check of the state the step reached (a key matches as in xstate's TestModel: state value
 * or `#id`), recording each step for the report. Not a test file.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { PathLike } from '../../machines/coverage';

export interface StepRecord {
  event: string;
  state: string;
  /** How the event was made real in the browser, when that is not obvious from its name. */
  how?: string;
}

export interface PathRecord {
  machine: string;
  description: string;
  steps: StepRecord[];
  ok: boolean;
  error?: string;
  ms: number;
}

/** An event's browser action; returns a note on how it was made real, or nothing. */
export type EventAction = (event: AnyEventObject, index: number) => Promise<string | void>;
export type StateCheck = (state: AnyMachineSnapshot) => Promise<void>;

export function eventLabel(e: AnyEventObject): string {
  const rest = Object.entries(e)
    .filter(([k]) => k !== 'type')
    .map(([k, v]) => `${k}: ${v instanceof Error ? `${v.name}(${v.message})` : JSON.stringify(v)}`);
  return rest.length > 0 ? `${e.type} {${rest.join(', ')}}` : e.type;
}

export const stateLabel = (s: AnyMachineSnapshot): string => JSON.stringify(s.value);

export function describePath(p: PathLike): string {
  const trail = p.steps.slice(1).map((s) => eventLabel(s.event));
  return `reaches ${stateLabel(p.state)} by ${trail.join(' → ') || '(start)'}`;
}

function matches(state: AnyMachineSnapshot, key: string): boolean {
  if (key.startsWith('#')) return (state._nodes as { id: string }[]).some((n) => `#${n.id}` === key);
  return state.matches(key as never);
}

export async function walkPath(
  machine: string,
  path: PathLike,
  actions: Record<string, EventAction>,
  checks: Record<string, StateCheck>,
): Promise<PathRecord> {
  const record: PathRecord = { machine, description: describePath(path), steps: [], ok: false, ms: 0 };
  const started = Date.now();
  try {
    for (const [i, step] of path.steps.entries()) {
      const rec: StepRecord = { event: i === 0 ? '(open the screen)' : eventLabel(step.event), state: stateLabel(step.state) };
      record.steps.push(rec);
      if (i > 0) {
        const act = actions[step.event.type];
        if (!act) throw new Error(`no browser action for ${step.event.type}`);
        const how = await act(step.event, i);
        if (how) rec.how = how;
      }
      for (const [key, check] of Object.entries(checks)) {
        if (!matches(step.state, key)) continue;
        try {
          await check(step.state);
        } catch (err) {
          throw new Error(`step ${i} (${rec.event}) → state ${key}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`, {
            cause: err,
          });
        }
      }
    }
    record.ok = true;
  } catch (err) {
    record.error = err instanceof Error ? err.message : String(err);
  }
  record.ms = Date.now() - started;
  return record;
}
