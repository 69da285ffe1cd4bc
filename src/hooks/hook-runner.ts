// Runs one hook within its plan: input read and parsed, the handler raced against the deadline, one output written.
import { HookInputTooLargeError, parseHookInput, readStdin, type HookInput } from "./hook-input.js";
import { failureLine, writeHookOutput, type HookOutput } from "./hook-output.js";
import { isHookName, PLANS, type HookName } from "./hook-plans.js";

/**
 * What the entry already did before the handler: when it started, and the stdin it read (or why it could not), parsed
 * when it could be (`input`; else the runner parses it and reports why not).
 */
export interface EntryStart {
  startedAt: number;
  stdin: { text: string; input?: HookInput } | { error: unknown } | null;
}

export type HookHandler = (name: HookName, input: HookInput, lockTimeoutMs: number) => Promise<HookOutput>;

export async function runHookWith(name: string | undefined, entry: EntryStart, handle: HookHandler): Promise<void> {
  if (!isHookName(name)) {
    await writeHookOutput("", {
      userMessage: `ThreadMind: unknown hook "${name ?? ""}" (expected session-start, session-end, pre-compact, user-prompt-submit, pre-tool-use or subagent-start)`,
    });
    return;
  }
  const plan = PLANS[name];
  const started = entry.startedAt;
  let timer: NodeJS.Timeout | undefined;
  let arming: NodeJS.Immediate | undefined;
  const deadline = new Promise<HookOutput>((resolve) => {
    const giveUp = () =>
      resolve(
        // Recall that cannot be made in time is left out silently (a line before every edit would only be noise; the
        // MCP server brings the path index up to date, see create-server.ts).
        name === "pre-tool-use" || name === "subagent-start"
          ? {}
          : {
              userMessage: `ThreadMind: ${plan.event} hook gave up after ${plan.deadlineMs} ms: its work did not finish in time (a locked store, a slow disk or a very large store); nothing was changed.`,
            },
      );
    // The timer is set once the work waits on the event loop (I/O, a lock's retry), still counted from the start: a fast
    // path that answers from synchronous reads never gets there, and a process's first setTimeout costs ~0.3 ms.
    arming = setImmediate(() => {
      timer = setTimeout(giveUp, Math.max(0, plan.deadlineMs - (Date.now() - started)));
    });
  });
  const work = (async (): Promise<HookOutput> => {
    try {
      const stdin = entry.stdin;
      if (stdin !== null && "error" in stdin) throw stdin.error;
      const input =
        stdin?.input ??
        parseHookInput(stdin !== null ? stdin.text : await readStdin(Math.max(100, plan.deadlineMs - 200)), process.cwd());
      // What is left of the deadline, never below 0: a slow start or a late stdin must not become a negative timeout,
      // which withLock refuses (the lock is then tried once).
      const lockTimeoutMs = Math.max(0, Math.min(plan.lockTimeoutMs, plan.deadlineMs - (Date.now() - started) - 100));
      return await handle(name, input, lockTimeoutMs);
    } catch (e) {
      // A prompt too large to read is the user's, not a failure: no reminder this time (the next prompt may get it).
      if (name === "user-prompt-submit" && e instanceof HookInputTooLargeError) return {};
      return { userMessage: failureLine(`${plan.event} hook failed`, e) };
    }
  })();
  const output = await Promise.race([work, deadline]);
  clearImmediate(arming);
  clearTimeout(timer);
  await writeHookOutput(plan.event, output);
}
