/**
 * The browser run's share of a machine's generated paths: the shortest set that still goes
 * through every state and transition the generated paths go through (greedy set cover: take
 * the path adding the most uncovered states + transitions, the shorter one on a tie, until
 * nothing is left). Coverage is counted with the jsdom model tests' own pathCoverage.
 */
import type { AnyStateMachine } from 'xstate';
import { pathCoverage, type PathLike } from '../../machines/coverage';

export interface Selected<P extends PathLike> {
  /** The chosen paths, in the order chosen. */
  paths: P[];
  /** How many paths were generated. */
  generated: number;
}

export function coverItems(machine: AnyStateMachine, path: PathLike): Set<string> {
  const c = pathCoverage(machine, [path]);
  return new Set([...c.coveredStates.map((s) => `state ${s}`), ...c.coveredTransitions.map((t) => `transition ${t}`)]);
}

export function selectCover<P extends PathLike>(machine: AnyStateMachine, paths: readonly P[]): Selected<P> {
  const items = paths.map((p) => coverItems(machine, p));
  const left = new Set(items.flatMap((s) => [...s]));
  const chosen: P[] = [];
  const taken = new Set<number>();
  while (left.size > 0) {
    let best = -1;
    let bestGain = 0;
    paths.forEach((p, i) => {
      if (taken.has(i)) return;
      const gain = [...(items[i] ?? [])].filter((x) => left.has(x)).length;
      const shorter = best >= 0 && gain === bestGain && p.steps.length < (paths[best]?.steps.length ?? Infinity);
      if (gain > bestGain || shorter) {
        best = i;
        bestGain = gain;
      }
    });
    if (best < 0 || bestGain === 0) break;
    taken.add(best);
    chosen.push(paths[best] as P);
    for (const x of items[best] ?? []) left.delete(x);
  }
  return { paths: chosen, generated: paths.length };
}
