// Worker entry while running from TypeScript sources (tsx): a worker thread does not inherit the
// parent's loader, so it registers tsx itself and then imports the real worker module.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.tsEntry);
