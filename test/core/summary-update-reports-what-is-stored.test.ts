// summary_update reports the summary as its thread's folder holds it: a block the section held already is written once, and a write that adds nothing writes nothing and says so.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { summaryAsStored } from "../../src/core/store/thread-folder-write.js";

let repos: TempRepo[] = [];
afterEach(() => {
  for (const r of repos) r.cleanup();
  repos = [];
});

/** Every file under `dir` with its text and modification time, by path below `dir`. */
function filesUnder(dir: string): Map<string, { text: string; mtimeMs: number }> {
  const out = new Map<string, { text: string; mtimeMs: number }>();
  const walk = (at: string, rel: string) => {
    for (const e of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, e.name);
      const name = rel === "" ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) walk(path, name);
      else out.set(name, { text: readFileSync(path, "utf8"), mtimeMs: statSync(path).mtimeMs });
    }
  };
  walk(dir, "");
  return out;
}

function setup(): { r: TempRepo; services: ReturnType<typeof servicesFor>; folder: string } {
  const r = makeTempRepo({ prefix: "tm-summary-stored-" });
  repos.push(r);
  const services = servicesFor(r.dir);
  return { r, services, folder: join(r.dir, ".threadmind", "threads", "refunds", "main") };
}

describe("summary_update reports what the thread holds", () => {
  it("a block the section holds already: nothing is written, the thread's files and updatedAt do not move, and the reply says so", async () => {
    const { services, folder } = setup();
    await services.projectCreate({ title: "Refunds" });
    const first = await services.summaryUpdate({ section: "decisions", content: "- Ledger first." });
    expect(first.unchanged).toBe(false);
    const before = filesUnder(folder);
    const again = await services.summaryUpdate({ section: "decisions", content: "- Ledger first." });
    expect(again.unchanged).toBe(true);
    expect(again.thread.updatedAt).toBe(first.thread.updatedAt);
    expect(again.chars).toBe(first.chars);
    expect(filesUnder(folder)).toEqual(before);
    const stored = services.store.readThread("refunds", "main");
    expect(stored.summary).toBe("## Decisions\n- Ledger first.");
    expect(again.chars).toBe(stored.summary.length);
  });

  it("content with a new block and one held already: written, each block once, and the size reported is the stored summary's", async () => {
    const { services } = setup();
    await services.projectCreate({ title: "Refunds" });
    await services.summaryUpdate({ section: "decisions", content: "- Ledger first." });
    const both = await services.summaryUpdate({ section: "decisions", content: "- Ledger first.\n- Partial refunds allowed." });
    expect(both.unchanged).toBe(false);
    const stored = services.store.readThread("refunds", "main");
    expect(stored.summary).toBe("## Decisions\n- Ledger first.\n- Partial refunds allowed.");
    expect(both.thread.summary).toBe(stored.summary);
    expect(both.chars).toBe(stored.summary.length);
  });

  it("the same whole summary again, or the same section replaced by itself, writes nothing; new paths are a change", async () => {
    const { services } = setup();
    await services.projectCreate({ title: "Refunds" });
    const whole = "## Decisions\n- Ledger first.\n\n## State\n- Drafted.";
    expect((await services.summaryUpdate({ content: whole })).unchanged).toBe(false);
    expect((await services.summaryUpdate({ content: whole })).unchanged).toBe(true);
    expect((await services.summaryUpdate({ section: "state", content: "- Drafted.", replaceSection: true })).unchanged).toBe(
      true,
    );
    const withPaths = await services.summaryUpdate({ section: "state", content: "- Drafted.", paths: ["src/ledger.ts"] });
    expect(withPaths.unchanged).toBe(false);
    expect(services.store.readThread("refunds", "main").paths).toEqual(["src/ledger.ts"]);
  });

  it("an empty content without a section is refused with the catalogue's text, and the summary is kept", async () => {
    const { services } = setup();
    await services.projectCreate({ title: "Refunds" });
    await services.summaryUpdate({ section: "decisions", content: "- Ledger first." });
    for (const content of ["", "  \n\n "]) {
      await expect(services.summaryUpdate({ content })).rejects.toMatchObject({
        code: "invalid-input",
        message:
          "The content is empty: without a section it would erase the whole summary. Nothing was written. To empty one " +
          "section, pass that section with replaceSection: true.",
      });
    }
    expect(services.store.readThread("refunds", "main").summary).toBe("## Decisions\n- Ledger first.");
  });

  it("summaryAsStored is what a write reads back: sections under their own headings, in their order, blocks once, other text first", async () => {
    const { services } = setup();
    await services.projectCreate({ title: "Refunds" });
    const given = [
      "Intro line.",
      "",
      "## State",
      "- Drafted.",
      "- Drafted.",
      "",
      "## Notes",
      "free text",
      "",
      "## Decisions",
      "- Ledger first.",
      "",
      "```",
      "## not a heading",
      "```",
      "- Ledger first.",
    ].join("\n");
    await services.summaryUpdate({ content: given });
    const stored = services.store.readThread("refunds", "main").summary;
    expect(summaryAsStored(given)).toBe(stored);
    expect(summaryAsStored(stored)).toBe(stored);
    expect(stored.match(/- Drafted\./g)).toHaveLength(1);
    expect(stored.indexOf("## Notes")).toBeLessThan(stored.indexOf("## Decisions"));
    expect(stored.indexOf("## Decisions")).toBeLessThan(stored.indexOf("## State"));
  });
});
