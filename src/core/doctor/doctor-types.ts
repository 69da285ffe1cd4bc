// Result types of `doctor`: one check = a status (ok / warn / fail), what was found, and the fix when it is not ok.

export type CheckStatus = "ok" | "warn" | "fail";

export interface DoctorCheck {
  /** Stable id (tests and --json rely on it). */
  id: string;
  title: string;
  status: CheckStatus;
  /** What was found, one line each (the first is the headline). */
  detail: string[];
  /** What to do about it; present whenever status is not ok. */
  fix?: string;
}

export function ok(id: string, title: string, ...detail: string[]): DoctorCheck {
  return { id, title, status: "ok", detail };
}

export function warn(id: string, title: string, fix: string, ...detail: string[]): DoctorCheck {
  return { id, title, status: "warn", detail, fix };
}

export function fail(id: string, title: string, fix: string, ...detail: string[]): DoctorCheck {
  return { id, title, status: "fail", detail, fix };
}

/** "3 min ago", "2 h ago", "5 days ago" (never negative). */
export function ago(at: string, now: Date): string {
  const seconds = Math.max(0, Math.round((now.getTime() - Date.parse(at)) / 1000));
  if (seconds < 90) return `${seconds} s ago`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} min ago`;
  if (seconds < 36 * 3600) return `${Math.round(seconds / 3600)} h ago`;
  return `${Math.round(seconds / 86400)} days ago`;
}
