// The paths summary_update is given are kept as recall compares them: relative to the workspace, normalised; a path outside the workspace, which could never cover one of its files, is refused and nothing is written.
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { nearestMatch, rootRelative } from "../../src/core/recall/path-match.js";

let repos: TempRepo[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const r of repos) r.cleanup();
  repos = [];
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function setup(dir?: string) {
  const r = makeTempRepo({ prefix: "tm-given-paths-" });
  repos.push(r);
  const services = servicesFor(dir ?? r.dir);
  await services.projectCreate({ title: "Refunds" });
  return { r, services };
}

describe("summary_update's paths, relative to the workspace", () => {
  it("'./', repeated slashes, '.' and '..' inside, a trailing slash and an absolute path inside the workspace are kept as recall compares them, once each", async () => {
    const { r, services } = await setup();
    await services.summaryUpdate({
      section: "state",
      content: "- drafted",
      paths: [
        "./src//a.ts",
        "src/b/",
        join(r.dir, "src", "c.ts"),
        "src/x/../d.ts",
        "./src/a.ts",
        "src/b",
        "src/**/*.test.ts",
        ".",
      ],
    });
    const stored = services.store.readThread("refunds", "main").paths;
    expect(stored).toEqual(["src/a.ts", "src/b/", "src/c.ts", "src/d.ts", "src/**/*.test.ts", "."]);
    expect(nearestMatch(stored ?? [], "src/c.ts")?.kind).toBe("exact");
    expect(nearestMatch(stored ?? [], "src/b/e.ts")?.kind).toBe("directory");
  });

  it("a path outside the workspace (absolute elsewhere, or climbing above it) is refused with the catalogue's text, and nothing is written", async () => {
    const { r, services } = await setup();
    for (const path of ["/elsewhere/e.ts", "../outside.ts", "src/../../outside.ts"]) {
      await expect(
        services.summaryUpdate({ section: "state", content: "- never written", paths: ["src/a.ts", path] }),
      ).rejects.toMatchObject({
        code: "invalid-input",
        message: `The path "${path}" is outside the workspace ${r.dir}: a thread's paths are relative to it (src/auth/, src/**/*.ts) and cover its files only. Nothing was written.`,
      });
    }
    const main = services.store.readThread("refunds", "main");
    expect(main.summary).not.toContain("never written");
    expect(main.paths).toBeUndefined();
  });

  it("an absolute path may name the workspace by its real path when it is reached through a link", async () => {
    const r = makeTempRepo({ prefix: "tm-given-paths-real-" });
    repos.push(r);
    const linkDir = mkdtempSync(join(tmpdir(), "tm-given-paths-link-"));
    dirs.push(linkDir);
    const link = join(linkDir, "repo");
    symlinkSync(r.dir, link);
    const services = servicesFor(link);
    await services.projectCreate({ title: "Refunds" });
    await services.summaryUpdate({
      section: "state",
      content: "- drafted",
      paths: [join(r.dir, "src", "a.ts"), join(link, "src", "b.ts")],
    });
    expect(services.store.readThread("refunds", "main").paths).toEqual(["src/a.ts", "src/b.ts"]);
  });

  it("rootRelative: '' for the root itself, null outside it or for an empty path", () => {
    expect(rootRelative("/r", "/r", "/r")).toBe("");
    expect(rootRelative("./", "/r", "/r")).toBe("");
    expect(rootRelative("a//b/./c", "/r", "/r")).toBe("a/b/c");
    expect(rootRelative("/r2/a", "/r", "/r")).toBeNull();
    expect(rootRelative("..", "/r", "/r")).toBeNull();
    expect(rootRelative("", "/r", "/r")).toBeNull();
  });
});
