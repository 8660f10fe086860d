/**
 * Path coverage of a machine by the test paths that ran against the screen:
 *   const cov = pathCoverage(machine, paths);   // paths from createTestModel(...).getShortestPaths()
 *   reportCoverage(cov);                         // prints "coverage <id>: states a/b, transitions c/d", throws unless 100%
 * States are every state node below the root; transitions every candidate of every event of every
 * node (each guarded branch counts on its own, invoke done/error included). A transition is
 * covered when a step's event took it from the step's previous snapshot.
 */
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject, StateValue } from 'xstate';

export interface Coverage {
  machineId: string;
  states: number;
  coveredStates: number;
  transitions: number;
  coveredTransitions: number;
  /** Ids of what no path reached (for the failure message). */
  missedStates?: string[];
  missedTransitions?: string[];
}

interface PathLike {
  steps: ReadonlyArray<{ event: EventObject; state: unknown }>;
  state?: unknown;
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states).flatMap((child) => [child, ...allNodes(child)]);
}

function activeIds(node: AnyStateNode, value: StateValue, out: Set<string>): void {
  if (typeof value === 'string') {
    const child = node.states[value];
    if (child) out.add(child.id);
    return;
  }
  for (const [key, sub] of Object.entries(value)) {
    const child = node.states[key];
    if (!child) continue;
    out.add(child.id);
    if (sub !== undefined) activeIds(child, sub, out);
  }
}

function transitionKeys(machine: AnyStateMachine): Map<unknown, string> {
  const keys = new Map<unknown, string>();
  for (const node of [machine.root, ...allNodes(machine.root)]) {
    for (const [eventType, list] of node.transitions) {
      list.forEach((t, i) => keys.set(t, `${node.id} --${eventType}${list.length > 1 ? `[${i}]` : ''}--> ${(t.target ?? []).map((n) => n.id).join(',') || '(self)'}`));
    }
  }
  return keys;
}

export function pathCoverage(machine: AnyStateMachine, paths: ReadonlyArray<PathLike>): Coverage {
  const nodes = allNodes(machine.root);
  const keys = transitionKeys(machine);
  const seenStates = new Set<string>();
  const seenTransitions = new Set<string>();
  for (const path of paths) {
    let prev: AnyMachineSnapshot | null = null;
    for (const step of path.steps) {
      const snap = step.state as AnyMachineSnapshot;
      activeIds(machine.root, snap.value, seenStates);
      if (prev && !step.event.type.startsWith('xstate.init')) {
        for (const t of machine.getTransitionData(prev, step.event)) {
          const k = keys.get(t);
          if (k) seenTransitions.add(k);
        }
      }
      prev = snap;
    }
  }
  const allKeys = [...keys.values()];
  return {
    machineId: machine.id,
    states: nodes.length,
    coveredStates: nodes.filter((n) => seenStates.has(n.id)).length,
    transitions: allKeys.length,
    coveredTransitions: allKeys.filter((k) => seenTransitions.has(k)).length,
    missedStates: nodes.filter((n) => !seenStates.has(n.id)).map((n) => n.id),
    missedTransitions: allKeys.filter((k) => !seenTransitions.has(k)),
  };
}

export function reportCoverage(cov: Coverage): void {
  console.log(`coverage ${cov.machineId}: states ${cov.coveredStates}/${cov.states}, transitions ${cov.coveredTransitions}/${cov.transitions}`);
  if (cov.coveredStates !== cov.states || cov.coveredTransitions !== cov.transitions) {
    const missed = [...(cov.missedStates ?? []).map((s) => `state ${s}`), ...(cov.missedTransitions ?? []).map((t) => `transition ${t}`)];
    throw new Error(`coverage of ${cov.machineId} is not complete; missed: ${missed.join('; ') || 'unknown'}`);
  }
}
