// Drives an interactive terminal program (the real Claude Code TUI) in a detached tmux session on its own tmux server.
import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Why tmux-driven tests cannot run here, or null when tmux is installed. */
export function tmuxUnavailableReason(): string | null {
  const found = spawnSync("tmux", ["-V"], { encoding: "utf8" });
  if (found.error !== undefined || found.status !== 0)
    return "tmux is not installed (`tmux -V` failed): the TUI cannot be driven";
  return null;
}

export type TmuxSessionOptions = {
  /** Unique name; also names the private tmux server's socket (`tmux -L <name>`), so no other tmux is touched. */
  name: string;
  /** A directory for the server's config file. */
  scratch: string;
  cwd: string;
  /** The program and its arguments. */
  command: string[];
  /** The program's whole environment (nothing of the test's or the tmux server's environment is added but TERM). */
  env: Record<string, string>;
  width?: number;
  height?: number;
};

export type TmuxSession = {
  name: string;
  /** The visible pane, as text. */
  capture(): string;
  /** tmux send-keys: key names ("Escape", "Enter", "C-c") or, with `literal`, text typed as is. */
  send(keys: string[], literal?: boolean): void;
  /** Polls the pane every 200 ms until `done` holds for it; returns that pane, or throws with the last pane captured. */
  waitFor(what: string, done: (pane: string) => boolean, timeoutMs: number): Promise<string>;
  /** The pid of the pane's program (the process tmux started). */
  panePid(): number | null;
  /** Whether the pane's program has exited (the pane stays, remain-on-exit). */
  exited(): boolean;
  /**
   * Ends the program and everything it started (hooks, MCP servers: SIGKILL by pid, after waiting up to `graceMs` for them
   * to exit by themselves), then kills the session and the private server and removes its socket file. Idempotent.
   */
  kill(graceMs?: number): Promise<void>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type ProcStat = { ppid: number; startTime: string };

/** A live process's parent pid and start time (Linux /proc), or null when it is gone. */
function procStat(pid: number): ProcStat | null {
  try {
    // "pid (comm) state ppid pgrp … starttime(22nd field)": comm may hold spaces and parentheses, so read after the last ")".
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { ppid: Number(fields[1]), startTime: fields[19] ?? "" };
  } catch {
    return null;
  }
}

/** `root` and its live descendants, each with its start time (so that a pid reused later is never mistaken for it). */
export function processTree(root: number): Map<number, string> {
  const stats = new Map<number, ProcStat>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (stat !== null) stats.set(Number(entry), stat);
  }
  const tree = new Map<number, string>();
  const rootStat = stats.get(root);
  if (rootStat === undefined) return tree;
  tree.set(root, rootStat.startTime);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, stat] of stats)
      if (!tree.has(pid) && tree.has(stat.ppid)) {
        tree.set(pid, stat.startTime);
        grew = true;
      }
  }
  return tree;
}

/** Whether the process `pid` that started at `startTime` still runs (not a zombie's or a newcomer's reused pid). */
function stillRuns(pid: number, startTime: string): boolean {
  if (procStat(pid)?.startTime !== startTime) return false;
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return false;
  }
}

/** Single-quotes a word for the shell tmux runs the command with. */
function shellQuote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

export function startTmuxSession(options: TmuxSessionOptions): TmuxSession {
  const socket = ["-L", options.name];
  // A config of our own: no user ~/.tmux.conf; the pane stays after the program exits, so its last screen can be read.
  const conf = join(options.scratch, `${options.name}.tmux.conf`);
  writeFileSync(conf, "set -g remain-on-exit on\nset -g history-limit 2000\nset -g status off\n");
  const tmux = (...args: string[]) =>
    execFileSync("tmux", [...socket, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 10_000 });
  // `env -i` makes the program's environment exactly `options.env`, whatever the tmux server inherited.
  const envWords = Object.entries({ TERM: "xterm-256color", ...options.env }).map(([k, v]) => `${k}=${v}`);
  const commandLine = `exec ${["env", "-i", ...envWords, ...options.command].map(shellQuote).join(" ")}`;
  tmux(
    "-f",
    conf,
    "new-session",
    "-d",
    "-s",
    options.name,
    "-x",
    String(options.width ?? 200),
    "-y",
    String(options.height ?? 50),
    "-c",
    options.cwd,
    commandLine,
  );
  // The private server's socket file: tmux leaves it behind after kill-server, so kill() removes it.
  const socketPath = tmux("display-message", "-p", "-t", options.name, "#{socket_path}").trim();
  let killed = false;
  // Every process seen under the pane's program (by pid and start time): the ones left running are ended in kill(), even
  // after the program itself exited and its children were re-parented.
  const started = new Map<number, string>();
  const track = () => {
    const root = panePid();
    if (root !== null) for (const [pid, startTime] of processTree(root)) started.set(pid, startTime);
  };
  const capture = () => tmux("capture-pane", "-p", "-t", options.name);
  function panePid(): number | null {
    try {
      const pid = Number(tmux("display-message", "-p", "-t", options.name, "#{pane_pid}").trim());
      return Number.isInteger(pid) && pid > 0 ? pid : null;
    } catch {
      return null;
    }
  }
  return {
    name: options.name,
    capture,
    send(keys, literal = false) {
      tmux("send-keys", "-t", options.name, ...(literal ? ["-l"] : []), ...keys);
    },
    async waitFor(what, done, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      let pane = "";
      for (;;) {
        track();
        try {
          pane = capture();
        } catch (e) {
          pane = `(capture-pane failed: ${e instanceof Error ? e.message : String(e)})\n${pane}`;
        }
        if (done(pane)) return pane;
        if (Date.now() > deadline)
          throw new Error(`tmux session ${options.name}: no ${what} within ${timeoutMs} ms. Last pane:\n${pane}`);
        await sleep(200);
      }
    },
    panePid,
    exited() {
      try {
        return tmux("display-message", "-p", "-t", options.name, "#{pane_dead}").trim() === "1";
      } catch {
        return true;
      }
    },
    async kill(graceMs = 5_000) {
      if (killed) return;
      killed = true;
      const running = () => [...started].filter(([pid, startTime]) => stillRuns(pid, startTime));
      track();
      const deadline = Date.now() + graceMs;
      while (running().length > 0 && Date.now() < deadline) {
        track(); // children started while it exits
        await sleep(100);
      }
      for (const [pid] of running()) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
      for (const args of [["kill-session", "-t", options.name], ["kill-server"]]) {
        try {
          tmux(...args);
        } catch {
          // already gone
        }
      }
      const reaped = Date.now() + 5_000;
      while (running().length > 0 && Date.now() < reaped) await sleep(50);
      if (socketPath.includes(options.name)) rmSync(socketPath, { force: true });
    },
  };
}
