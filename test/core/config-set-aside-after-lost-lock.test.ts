// Guards config.json's set-aside under the lock: a writer that lost the store lock (stalled past the stale limit while
// another process reclaimed it and wrote a good config.json) must not move that good file aside as "corrupt".
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reposPerTest } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";

const newRepo = reposPerTest();

describe("config.json set aside by a writer that lost the lock", () => {
  it("leaves another process's good config.json in place and writes nothing", async () => {
    const repo = newRepo({ prefix: "tm-config-lost-lock-" });
    const dir = repo.dir;
    await servicesFor(dir, "claude-1").projectCreate({ title: "Refunds" });
    const store = join(dir, ".threadmind");
    const config = join(store, "config.json");
    writeFileSync(config, "{ damaged"); // unusable: the next write sets it aside
    const good = `${JSON.stringify({ version: 1, lastProjectId: "refunds", branches: {}, sessions: {} })}\n`;
    const services = servicesFor(dir, "claude-2");
    const write = services.store.locked(() =>
      services.updateState(() => {
        // While this writer stalls, another process takes the lock over and writes a good config.json.
        const other = { pid: process.pid, hostname: hostname(), acquiredAt: new Date().toISOString(), nonce: "another-holder" };
        writeFileSync(join(store, ".lock"), JSON.stringify(other));
        writeFileSync(config, good);
      }),
    );
    await expect(write).rejects.toMatchObject({ code: "lock-lost" });
    expect(existsSync(config) ? readFileSync(config, "utf8") : null).toBe(good);
    expect(readdirSync(store).filter((f) => f.startsWith("config.json.corrupt-"))).toEqual([]);
  });
});
