import { Worker } from 'node:worker_threads';
import type { WorldOptions } from './world';

export interface SimulatorThreadData {
  opts: Omit<WorldOptions, 'now'> & { host: string; port: number };
  /** The world's clock: fixed at this instant (ms), or the real one (null). */
  fixedMs: number | null;
  logLevel: string;
  logBase: Record<string, unknown>;
}

export interface SimulatorThread {
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the simulator in a worker thread: in the all-in-one demo the stand-in upstream then serves from the second
 * core, as the real one serves from elsewhere, instead of sharing the collector's thread (a fresh demo's first crawl
 * ran about a third faster on 2 cores). Its world stays in the thread: tests that read it start it in-process.
 */
export function startSimulatorThread(data: SimulatorThreadData): Promise<SimulatorThread> {
  const worker = new Worker(new URL('./thread-boot.mjs', import.meta.url), {
    workerData: { ...data, entry: new URL('./thread-entry.ts', import.meta.url).href },
  });
  return new Promise((resolve, reject) => {
    const failed = (err: Error) => reject(err);
    worker.once('error', failed);
    worker.once('exit', (code) => reject(new Error(`simulator thread exited (${code}) before it listened`)));
    worker.once('message', (m: { url: string }) => {
      worker.off('error', failed);
      worker.removeAllListeners('exit');
      resolve({
        url: m.url,
        close: () =>
          new Promise<void>((done) => {
            worker.once('message', () => void worker.terminate().then(() => done()));
            worker.postMessage('close');
          }),
      });
    });
  });
}
