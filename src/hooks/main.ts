// Hook entry (plugin/dist/hook.mjs <session-start|session-end|pre-compact>): bounded time, always exit 0, output via hook-output.
import { parseHookInput, readStdin, type HookInput } from "./hook-input.js";
import { failureLine, writeHookOutput, type HookOutput } from "./hook-output.js";
import { openHookServices } from "./hook-services.js";
import { sessionStart } from "./session-start.js";
import { measureSize } from "./measure-size.js";

type HookName = "session-start" | "session-end" | "pre-compact";

interface HookPlan {
  event: string;
  /** Everything, stdin included, must finish within this; then the hook gives up and exits 0. */
  deadlineMs: number;
  lockTimeoutMs: number;
}

const PLANS = {
  "session-start": { event: "SessionStart", deadlineMs: 4_000, lockTimeoutMs: 1_500 },
  // Claude Code kills SessionEnd hooks after about 1.5 s in total, node start-up included.
  "session-end": { event: "SessionEnd", deadlineMs: 1_000, lockTimeoutMs: 500 },
  "pre-compact": { event: "PreCompact", deadlineMs: 4_000, lockTimeoutMs: 1_500 },
} as const satisfies Record<HookName, HookPlan>;

function isHookName(name: string | undefined): name is HookName {
  return name !== undefined && Object.hasOwn(PLANS, name);
}

async function handle(name: HookName, input: HookInput, lockTimeoutMs: number): Promise<HookOutput> {
  const services = openHookServices(input, process.env, lockTimeoutMs);
  if (services === null) return {}; // no ThreadMind project here: say nothing, write nothing
  switch (name) {
    case "session-start":
      return sessionStart(services, input);
    case "session-end":
      return measureSize(services, input, "sessionEnds");
    case "pre-compact":
      return measureSize(services, input, "preCompacts");
    default: {
      const unreachable: never = name;
      throw new Error(`unknown hook ${String(unreachable)}`);
    }
  }
}

export async function runHook(name: string | undefined): Promise<void> {
  if (!isHookName(name)) {
    await writeHookOutput("", { userMessage: `ThreadMind: unknown hook "${name ?? ""}" (expected session-start, session-end or pre-compact)` });
    return;
  }
  const plan = PLANS[name];
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<HookOutput>((resolve) => {
    timer = setTimeout(
      () => resolve({ userMessage: `ThreadMind: ${plan.event} hook gave up after ${plan.deadlineMs} ms (store locked or disk slow); nothing was changed.` }),
      plan.deadlineMs,
    );
  });
  const work = (async (): Promise<HookOutput> => {
    try {
      const raw = await readStdin(Math.max(100, plan.deadlineMs - 200));
      const input = parseHookInput(raw, process.cwd());
      return await handle(name, input, Math.min(plan.lockTimeoutMs, plan.deadlineMs - (Date.now() - started) - 100));
    } catch (e) {
      return { userMessage: failureLine(`${plan.event} hook failed`, e) };
    }
  })();
  const output = await Promise.race([work, deadline]);
  clearTimeout(timer);
  await writeHookOutput(plan.event, output);
}

const isEntry = process.argv[1] !== undefined && /hook\.(mjs|js|ts)$/.test(process.argv[1]);
if (isEntry) {
  // A hook never breaks the session: whatever happens, exit 0.
  process.on("uncaughtException", () => process.exit(0));
  process.on("unhandledRejection", () => process.exit(0));
  runHook(process.argv[2]).finally(() => process.exit(0));
}
