// Guards threadmind_init: sections between markers, everything else kept byte for byte, Cursor rule, .cursorrules cleanup, reports.
import {
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  mkdirSync,
} from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import {
  call,
  callError,
  closeServerInTempRepo,
  serverInTempRepo,
  spawnServer,
  type RunningServer,
} from "./support/spawn-server.js";

const START = "<!-- threadmind:start -->";
const END = "<!-- threadmind:end -->";

let repo: TempRepo;
let server: RunningServer;
let instructions: string;
beforeAll(async () => {
  ({ repo, server } = await serverInTempRepo());
  instructions = server.client.getInstructions() ?? "";
});
afterAll(() => closeServerInTempRepo(server, repo));
beforeEach(() => {
  repo.git("clean", "-fdxq");
});

const read = (path: string) => readFileSync(join(repo.dir, path), "utf8");
const readBytes = (path: string) => readFileSync(join(repo.dir, path));
/** The section threadmind_init writes: the server instructions under a heading, between the markers. */
const section = (eol = "\n") =>
  [START, "## ThreadMind (thread memory, through the ThreadMind MCP tools)", "", ...instructions.split("\n"), END].join(eol);

describe("threadmind_init", () => {
  test("by default writes AGENTS.md and .threadmind/instructions.md with the server instructions between markers", async () => {
    const text = await call(server, "threadmind_init");
    expect(text).toContain("- AGENTS.md: created (agents)");
    expect(text).toContain("- .threadmind/instructions.md: created (generic)");
    expect(read("AGENTS.md")).toBe(`${section()}\n`);
    expect(read(".threadmind/instructions.md")).toBe(`${section()}\n`);
    expect(existsSync(join(repo.dir, "CLAUDE.md"))).toBe(false);
    expect(existsSync(join(repo.dir, ".cursor"))).toBe(false);
    const again = await call(server, "threadmind_init");
    expect(again).toContain("- AGENTS.md: unchanged (agents)");
  });

  test("writes .threadmind/.gitattributes, so that thread and project files merge by meaning once committed", async () => {
    const text = await call(server, "threadmind_init");
    expect(text).toContain("Wrote .threadmind/.gitattributes (thread and project files merge by meaning; commit it).");
    expect(read(".threadmind/.gitattributes")).toContain("threads/**/*.md merge=threadmind\nprojects/*.json merge=threadmind\n");
    expect(await call(server, "threadmind_init")).not.toContain(".gitattributes");
  });

  test("a .threadmind/.gitattributes it cannot write is said after the instructions it wrote, not instead of them", async () => {
    mkdirSync(join(repo.dir, ".threadmind"), { recursive: true });
    rmSync(join(repo.dir, ".threadmind", ".gitattributes"), { force: true });
    symlinkSync(join(repo.dir, "elsewhere"), join(repo.dir, ".threadmind", ".gitattributes"));
    try {
      const text = await call(server, "threadmind_init");
      expect(text).toContain("- AGENTS.md: created (agents)");
      expect(text).toContain(".threadmind/.gitattributes was not written (");
      expect(existsSync(join(repo.dir, "elsewhere"))).toBe(false);
    } finally {
      rmSync(join(repo.dir, ".threadmind", ".gitattributes"));
    }
  });

  test("an existing file keeps every byte outside the section: BOM, CRLF, text before and after, no final newline", async () => {
    const before = "\uFEFF# Project rules\r\n\r\nUse tabs.\r\n";
    writeFileSync(join(repo.dir, "AGENTS.md"), before);
    await call(server, "threadmind_init", { clients: ["agents"] });
    const first = read("AGENTS.md");
    expect(first).toBe(`${before}\r\n${section("\r\n")}\r\n`);
    // The user adds text after the section and edits inside it; a rerun restores the section and keeps the rest.
    const edited = `${first.replace("tm:help", "tm:HELP-EDITED")}## Later notes\r\nkeep me`;
    writeFileSync(join(repo.dir, "AGENTS.md"), edited);
    expect(await call(server, "threadmind_init", { clients: ["agents"] })).toContain("- AGENTS.md: updated (agents)");
    expect(read("AGENTS.md")).toBe(`${before}\r\n${section("\r\n")}\r\n## Later notes\r\nkeep me`);
    expect(
      readBytes("AGENTS.md")
        .subarray(0, 3)
        .equals(Buffer.from([0xef, 0xbb, 0xbf])),
    ).toBe(true);
  });

  test("a file without a final newline gets a blank line before the appended section", async () => {
    writeFileSync(join(repo.dir, "CLAUDE.md"), "# Notes");
    await call(server, "threadmind_init", { clients: ["claude"] });
    expect(read("CLAUDE.md")).toBe(`# Notes\n\n${section()}\n`);
  });

  test("the Cursor rule is a whole generated file, always applied", async () => {
    expect(await call(server, "threadmind_init", { clients: ["cursor"] })).toContain(
      "- .cursor/rules/threadmind.mdc: created (cursor)",
    );
    const rule = read(".cursor/rules/threadmind.mdc");
    expect(rule).toBe(
      `---\ndescription: ThreadMind thread memory (generated by threadmind_init; rerun it to update this file)\nglobs:\nalwaysApply: true\n---\n${section()}\n`,
    );
  });

  test("generating the Cursor rule removes the old section from .cursorrules and keeps the rest", async () => {
    writeFileSync(join(repo.dir, ".cursorrules"), `Prefer small functions.\n\n${START}\nold ThreadMind text\n${END}\n`);
    const text = await call(server, "threadmind_init", { clients: ["cursor"] });
    expect(text).toContain(".cursorrules: old ThreadMind section removed");
    expect(read(".cursorrules")).toBe("Prefer small functions.\n");
  });

  test(".cursorrules that held only the old section is deleted", async () => {
    writeFileSync(join(repo.dir, ".cursorrules"), `${START}\nold ThreadMind text\n${END}\n`);
    expect(await call(server, "threadmind_init", { clients: ["cursor", "agents"] })).toContain(".cursorrules: deleted");
    expect(existsSync(join(repo.dir, ".cursorrules"))).toBe(false);
  });

  test("a ThreadMind section in a file that was not targeted is reported and left unchanged", async () => {
    const claude = `# Mine\n\n${START}\nold\n${END}\n`;
    writeFileSync(join(repo.dir, "CLAUDE.md"), claude);
    writeFileSync(join(repo.dir, ".cursorrules"), `${START}\nold\n${END}\n`);
    const text = await call(server, "threadmind_init");
    expect(text).toContain("- CLAUDE.md: has a ThreadMind section but was not targeted, so it was left as it is");
    expect(text).toContain("- .cursorrules: has a ThreadMind section but was not targeted");
    expect(read("CLAUDE.md")).toBe(claude);
  });

  test("CLAUDE.md linked to AGENTS.md is written once through the link, which stays a link", async () => {
    writeFileSync(join(repo.dir, "AGENTS.md"), "# Shared\n");
    symlinkSync("AGENTS.md", join(repo.dir, "CLAUDE.md"));
    const text = await call(server, "threadmind_init", { clients: ["agents", "claude"] });
    expect(text).toContain("- CLAUDE.md: links to AGENTS.md, written once (claude)");
    expect(lstatSync(join(repo.dir, "CLAUDE.md")).isSymbolicLink()).toBe(true);
    expect(read("AGENTS.md")).toBe(`# Shared\n\n${section()}\n`);
  });

  test(".cursorrules linked to AGENTS.md (one shared rules file): the Cursor rule leaves AGENTS.md's section, and the link, as they are", async () => {
    writeFileSync(join(repo.dir, "AGENTS.md"), `# Shared\n\n${START}\nold ThreadMind text\n${END}\n`);
    symlinkSync("AGENTS.md", join(repo.dir, ".cursorrules"));
    await call(server, "threadmind_init", { clients: ["agents", "cursor"] });
    expect(read("AGENTS.md")).toBe(`# Shared\n\n${section()}\n`);
    expect(lstatSync(join(repo.dir, ".cursorrules")).isSymbolicLink()).toBe(true);
  });

  test(".cursorrules linked to a file holding only the old section: the section is removed from it, and neither is deleted", async () => {
    mkdirSync(join(repo.dir, "docs"));
    writeFileSync(join(repo.dir, "docs", "rules.md"), `${START}\nold ThreadMind text\n${END}\n`);
    symlinkSync(join("docs", "rules.md"), join(repo.dir, ".cursorrules"));
    expect(await call(server, "threadmind_init", { clients: ["cursor"] })).toContain(
      ".cursorrules: old ThreadMind section removed",
    );
    expect(read("docs/rules.md")).not.toContain(START);
    expect(lstatSync(join(repo.dir, ".cursorrules")).isSymbolicLink()).toBe(true);
  });

  test("threadmind_init never writes through a symbolic link whose target is outside the repository (AGENTS.md → ~/.gitconfig, .cursor → elsewhere)", async () => {
    const outside = makeTempRepo({ git: false, prefix: "tm-outside-home-" });
    try {
      const gitconfig = join(outside.dir, ".gitconfig");
      writeFileSync(gitconfig, "[user]\n\tname = Someone\n");
      symlinkSync(gitconfig, join(repo.dir, "AGENTS.md"));
      const error = await callError(server, "threadmind_init", { clients: ["agents", "generic"] });
      expect(error).toBe(
        `Cannot update AGENTS.md: it leads outside the repository (to ${realpathSync(gitconfig)}), through a symbolic link; ThreadMind never writes outside the repository. Nothing was changed. Replace the link with a file, or leave this client out.`,
      );
      expect(readFileSync(gitconfig, "utf8")).toBe("[user]\n\tname = Someone\n");
      expect(existsSync(join(repo.dir, ".threadmind", "instructions.md"))).toBe(false);
      // A linked directory on the way out: .cursor → a directory outside.
      mkdirSync(join(outside.dir, "cursor"));
      symlinkSync(join(outside.dir, "cursor"), join(repo.dir, ".cursor"));
      expect(await callError(server, "threadmind_init", { clients: ["cursor"] })).toContain(
        "Cannot update .cursor/rules/threadmind.mdc: it leads outside the repository",
      );
      expect(readdirSync(join(outside.dir, "cursor"))).toEqual([]);
      // Untargeted, the outside link is not even read: it is reported as not checked, and the rest is written.
      const text = await call(server, "threadmind_init", { clients: ["generic"] });
      expect(text).toContain(
        "- not checked for an old ThreadMind section: Cannot update AGENTS.md: it leads outside the repository",
      );
      expect(readFileSync(gitconfig, "utf8")).toBe("[user]\n\tname = Someone\n");
    } finally {
      outside.cleanup();
    }
  });

  test("broken markers or a file that is not UTF-8 are refused and nothing is written", async () => {
    writeFileSync(join(repo.dir, "AGENTS.md"), `# Rules\n${START}\nno end marker\n`);
    expect(await callError(server, "threadmind_init")).toBe(
      `AGENTS.md has 1 "${START}" and 0 "${END}" markers. Fix the markers by hand (one ${START} followed by one ${END}) and run threadmind_init again; nothing was changed.`,
    );
    expect(existsSync(join(repo.dir, ".threadmind", "instructions.md"))).toBe(false);
    writeFileSync(join(repo.dir, "AGENTS.md"), Buffer.from([0x23, 0x20, 0xff, 0xfe, 0x0a]));
    expect(await callError(server, "threadmind_init")).toBe(
      "Cannot update AGENTS.md: it is not valid UTF-8, so it could not be kept byte for byte. Nothing was changed.",
    );
  });

  test("works in the workspace root even before any project exists, from a subdirectory cwd", async () => {
    mkdirSync(join(repo.dir, "pkg"), { recursive: true });
    const sub = await spawnServer({ cwd: join(repo.dir, "pkg") });
    try {
      expect(await call(sub, "threadmind_init", { clients: ["generic"] })).toContain(
        `ThreadMind instructions written in ${repo.dir}:`,
      );
      expect(existsSync(join(repo.dir, ".threadmind", "instructions.md"))).toBe(true);
      expect(existsSync(join(repo.dir, "pkg", ".threadmind"))).toBe(false);
    } finally {
      await sub.close();
    }
  });
});
