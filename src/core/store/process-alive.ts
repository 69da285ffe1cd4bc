// Whether a process id is alive on this machine (signal 0); EPERM means alive but not ours.
import { errnoCode } from "../error-details.js";

export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return errnoCode(e) === "EPERM";
  }
}
