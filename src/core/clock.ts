// Strictly increasing ISO timestamps, even for several writes within one millisecond.

let last = 0;

/** Now as an ISO string, always later than every earlier result of this process and than `after` when given. */
export function nextTimestamp(after?: string): string {
  let t = Date.now();
  const floor = after ? Date.parse(after) : Number.NaN;
  if (!Number.isNaN(floor) && t <= floor) t = floor + 1;
  if (t <= last) t = last + 1;
  last = t;
  return new Date(t).toISOString();
}
