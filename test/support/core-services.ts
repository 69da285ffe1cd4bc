// Services over a temp workspace for core tests (no encoder: deterministic character estimates unless asked).
import { ThreadMindServices } from "../../src/core/services.js";
import { resolveWorkspace } from "../../src/core/workspace.js";
import type { EncoderLoader } from "../../src/core/context/token-estimate.js";

export function servicesFor(
  dir: string,
  key = "test-session",
  options: { env?: Record<string, string>; encoder?: EncoderLoader } = {},
): ThreadMindServices {
  const env = { THREADMIND_ROOT: dir, ...(options.env ?? {}) };
  return new ThreadMindServices({
    workspace: resolveWorkspace({ env, cwd: dir }),
    session: { key },
    env,
    encoder: options.encoder ?? null,
  });
}
