import { type SpawnedPlatform, spawnPlatform, waitReady } from '../harness';

/**
 * One platform role as a restartable OS process (spawned by the e2e harness). Exits the chaos run did not cause
 * are recorded: a role that dies of a fault in another part (PostgreSQL, Kafka) is a defect the run must show.
 */
export class Role {
  proc: SpawnedPlatform | null = null;
  url = '';
  /** Output of earlier incarnations, so log lines (SMS codes, crawl rounds) survive a restart. */
  private earlier = '';
  private expectExit = false;
  readonly unexpectedExits: { at: number; code: number | string | null; stderr: string }[] = [];

  constructor(
    readonly name: string,
    private env: Record<string, string>,
    private ready: boolean,
  ) {}

  get pid(): number | undefined {
    return this.proc?.child.pid;
  }

  get alive(): boolean {
    return this.proc !== null && this.proc.child.exitCode === null && this.proc.child.signalCode === null;
  }

  stdout(): string {
    return this.earlier + (this.proc?.stdout() ?? '');
  }

  /** `ready`: wait for /health too (the api's first start cannot: it is ready after the collectors' first round). */
  async start(ready = this.ready): Promise<void> {
    const p = spawnPlatform(this.env);
    this.proc = p;
    this.expectExit = false;
    void p.exit.then((code) => {
      if (!this.expectExit)
        this.unexpectedExits.push({ at: Date.now(), code, stderr: p.stderr().slice(-1500) });
    });
    this.url = await p.url;
    if (ready) await waitReady(this.url, 240_000);
  }

  private async end(signal: 'SIGKILL' | 'SIGTERM'): Promise<number | string | null> {
    const p = this.proc;
    if (!p) return null;
    this.expectExit = true;
    if (this.alive) p.child.kill(signal);
    const code = await p.exit;
    this.earlier += p.stdout();
    this.proc = null;
    return code;
  }

  kill(): Promise<number | string | null> {
    return this.end('SIGKILL');
  }

  stop(): Promise<number | string | null> {
    return this.end('SIGTERM');
  }

  async metrics(): Promise<string> {
    const res = await fetch(`${this.url}/metrics`, { signal: AbortSignal.timeout(10_000) });
    return res.text();
  }
}
