// Runs a process the way a benchmark needs: stdin text in, wall time from spawn to exit, output kept; peak RSS via GNU time.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

/** { command, args, cwd, env, input } → { ms, code, signal, stdout, stderr }. */
export function runTimed(spec) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let exitedAt = 0;
    const child = spawn(spec.command, spec.args ?? [], { cwd: spec.cwd, env: spec.env, stdio: ["pipe", "pipe", "pipe"] });
    const out = [];
    const err = [];
    child.stdout.on("data", (c) => out.push(c));
    child.stderr.on("data", (c) => err.push(c));
    child.on("error", reject);
    child.on("exit", () => {
      exitedAt = performance.now();
    });
    child.on("close", (code, signal) => {
      resolve({
        ms: (exitedAt || performance.now()) - started,
        code,
        signal,
        stdout: Buffer.concat(out).toString("utf8"),
        stderr: Buffer.concat(err).toString("utf8"),
      });
    });
    child.stdin.on("error", () => {}); // a process may exit without reading its stdin
    child.stdin.end(spec.input ?? "");
  });
}

export const GNU_TIME = "/usr/bin/time";

/** Peak resident set size (KiB) of the process, from GNU time's %M (the kernel's ru_maxrss at exit). */
export async function peakRssKb(spec) {
  const dir = mkdtempSync(join(tmpdir(), "tm-bench-rss-"));
  const file = join(dir, "rss");
  try {
    const run = await runTimed({
      ...spec,
      command: GNU_TIME,
      args: ["-f", "%M", "-o", file, spec.command, ...(spec.args ?? [])],
    });
    const kb = Number.parseInt(readFileSync(file, "utf8").trim().split("\n").pop() ?? "", 10);
    if (!Number.isFinite(kb)) throw new Error(`GNU time wrote no peak RSS for ${spec.command}`);
    return { kb, run };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
