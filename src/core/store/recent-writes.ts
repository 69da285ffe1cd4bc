// The folders this process last wrote thread items in: their stamps settle like the threads directories' (a thread folder's writes do not change its project's directory).
const recent: string[] = [];
const KEEP = 16;

/** Records a folder (a thread folder or one of its section folders) this process just wrote in. */
export function noteThreadWrite(dir: string): void {
  const at = recent.indexOf(dir);
  if (at !== -1) recent.splice(at, 1);
  recent.push(dir);
  if (recent.length > KEEP) recent.shift();
}

/** The folders recently written in, oldest first. */
export function recentThreadWrites(): readonly string[] {
  return recent;
}
