// A worker thread's entry cannot be TypeScript (the parent's --import does not reach it): register tsx here, then
// load the TypeScript entry named in workerData.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
