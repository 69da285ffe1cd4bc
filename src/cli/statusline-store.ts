// The status line's full read of a thread's title (plugin/dist/cli-statusline-store.cjs): the Store, with the YAML parser
// and node:crypto, loaded only when the quick read of the head file cannot tell (an unusual YAML form, a damaged file).
import { Store } from "../core/store/store.js";
import type { Workspace } from "../core/store/store-dir.js";

/** The thread's title as the Store reads it; null when the thread cannot be read (the line then says so). */
export function storeTitle(workspace: Workspace, thread: { projectId: string; threadId: string }): string | null {
  try {
    return new Store(workspace, {}, { sweepTempFiles: false }).readThread(thread.projectId, thread.threadId).title;
  } catch {
    return null;
  }
}
