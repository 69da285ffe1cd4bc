// The machine a benchmark ran on: CPU model, cores, memory, load, Node version, date.
import { cpus, freemem, loadavg, platform, release, totalmem } from "node:os";

export function machineInfo() {
  const list = cpus();
  return {
    cpu: list[0]?.model?.trim() ?? "unknown",
    cores: list.length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    freeMemoryGiB: Math.round((freemem() / 2 ** 30) * 10) / 10,
    loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
    os: `${platform()} ${release()}`,
    node: process.version,
    date: new Date().toISOString(),
  };
}

/** The 1-minute load average now (reported before and after the suite: a shared machine is noisy). */
export function loadNow() {
  return Math.round(loadavg()[0] * 100) / 100;
}
