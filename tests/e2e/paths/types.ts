/** What each machine's browser walk provides to the suite (tests/e2e/paths/). Not a test file. */
import type { Browser } from 'playwright-core';
import type { AnyStateMachine } from 'xstate';
import type { PathLike } from '../../machines/coverage';
import type { RunningProduct } from '../../helpers/product';
import type { PathRecord } from './walk';

export interface WalkContext {
  browser: Browser;
  product: RunningProduct;
  /** Unique per run and path, for emails and names the shared product must not see twice. */
  tag: string;
}

export interface MachineWalker {
  /** The machine coverage is counted on (the real one from src/machines). */
  machine: AnyStateMachine;
  /** Its generated paths (the same ones the jsdom model test runs). */
  paths: () => PathLike[];
  /**
   * The paths to choose from in the browser, when not all of `paths`: the same model generated
   * without the events the screen does not offer in a state. Default `paths`.
   */
  browserPaths?: () => PathLike[];
  /** Walks one path in chromium and records it. */
  walk(ctx: WalkContext, path: PathLike): Promise<PathRecord>;
  /** Transitions that cannot be made real in a browser, with the reason. */
  notReal?: Record<string, string>;
}
