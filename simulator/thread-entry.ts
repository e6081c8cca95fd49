import { parentPort, workerData } from 'node:worker_threads';
import { createLogger } from '../core/log';
import { startSimulator } from './server';
import type { SimulatorThreadData } from './thread';

// The simulator in its own worker thread (simulator/thread.ts): its world, pages and answers on the second core.
const data = workerData as SimulatorThreadData;
const fixed = data.fixedMs;
const sim = await startSimulator(
  { ...data.opts, now: fixed === null ? () => Date.now() : () => fixed },
  createLogger(data.logLevel, data.logBase),
);
parentPort?.postMessage({ url: sim.url });
parentPort?.on('message', (m) => {
  if (m === 'close') void sim.close().then(() => parentPort?.postMessage('closed'));
});
