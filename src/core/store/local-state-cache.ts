// config.json for one services object: read again only when its stamp changed, updated read-modify-write, problems noted once.
import { fileStamp } from "./file-stamp.js";
import { localStatePath, readLocalState, type LocalState, type LocalStateRead } from "./local-state.js";
import { writeLocalState } from "./local-state-write.js";
import { isProcessAlive } from "./process-alive.js";
import { moveLegacyMeasurements } from "../measure/measurement-log-legacy.js";
import { addNotice } from "../notices.js";

export class LocalStateCache {
  /** config.json as last read, with the stamp it had before that read (see readCached). */
  private stateRead: { stamp: string; read: LocalStateRead } | null = null;

  /** `notices`: the services' notices, where problems with config.json are added (once each). */
  constructor(
    private readonly storeDir: string,
    private readonly notices: string[],
  ) {}

  /**
   * config.json, re-read only when its stamp changed since the last read (it is several hundred KB after long use, and
   * one operation asks for it more than once). `take` hands the cached copy over for changing (it leaves the cache).
   */
  private readCached(take: boolean): LocalStateRead {
    const stamp = fileStamp(localStatePath(this.storeDir));
    const cached = this.stateRead;
    if (take) this.stateRead = null;
    if (cached !== null && stamp !== null && cached.stamp === stamp) return cached.read;
    const read = readLocalState(this.storeDir);
    if (!take && stamp !== null) this.stateRead = { stamp, read };
    return read;
  }

  /** config.json as it is now. Read-only: callers must not change the state returned (use update). */
  read(): LocalState {
    const read = this.readCached(false);
    if (read.problem) this.noteProblem(read.problem);
    return read.state;
  }

  private noteProblem(problem: string): void {
    const line = `ThreadMind's local state ${this.storeDir}/config.json could not be used (${problem}); it will be set aside and rebuilt. Thread files are not affected.`;
    addNotice(this.notices, line);
  }

  /** Read-modify-write of config.json; call inside the store lock. Prunes sessions of dead processes. */
  async update(mutate: (state: LocalState) => void | Promise<void>): Promise<void> {
    const read = this.readCached(true);
    if (read.problem) this.noteProblem(read.problem);
    await mutate(read.state);
    moveLegacyMeasurements(this.storeDir, read.state);
    for (const [key, s] of Object.entries(read.state.sessions)) {
      if (s.pid !== undefined && !isProcessAlive(s.pid)) delete read.state.sessions[key];
    }
    const setAside = await writeLocalState(this.storeDir, read.state, read.problem !== undefined);
    if (setAside) this.notices.push(`The unusable config.json was moved to ${setAside}.`);
  }
}
