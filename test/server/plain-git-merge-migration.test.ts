// Issue #25 §5: a store written by the previous release (its own built server, from git history) is read and migrated
// by this one with nothing lost; and a branch migrated by this release merges under plain git (no driver: git merge,
// merge-tree + commit-tree, rebase, cherry-pick) with a branch where the previous release added a decision, whether it
// was migrated by this release's writes or by the `migrate` command.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { extractPreviousRelease, type PreviousRelease } from "../support/previous-release.js";
import {
  commitStore,
  conflictMarkerFiles,
  expectNoDriver,
  git,
  gitOk,
  INTEGRATIONS,
  integrate,
  occurrences,
  PLAIN_GIT_ENV,
} from "../support/plain-git.js";
import { call, spawnServer, type RunningServer } from "./support/spawn-server.js";
import { makeHome, runCli } from "../support/run-cli.js";

const BASE = "## Decisions\n- BASE-D1 orders live in Postgres\n\n## State\nThe shop sells socks.";

let previous: PreviousRelease;
let repo: TempRepo;
let server: RunningServer;
let home: string | undefined;

/** Runs `work` against the previous release's server in the repository. */
async function withPreviousRelease(work: (old: RunningServer) => Promise<void>): Promise<void> {
  const old = await spawnServer({ cwd: repo.dir, bundle: previous.server });
  try {
    await work(old);
  } finally {
    await old.close();
  }
}

beforeAll(async () => {
  previous = extractPreviousRelease();
  repo = makeTempRepo();
  repo.commit("init", { "README.md": "shop\n" });
  await withPreviousRelease(async (old) => {
    await call(old, "project_create", { title: "Shop" });
    await call(old, "summary_update", { content: BASE });
    await call(old, "thread_create", { title: "Billing", parentId: "main" });
    await call(old, "summary_update", { threadId: "billing", section: "decisions", content: "- BASE-BILL invoices are monthly" });
  });
  commitStore(repo.dir, "ThreadMind project, by the previous release");
  expect(existsSync(join(repo.dir, ".threadmind", "threads", "shop", "main.md"))).toBe(true); // its one-file format
  expectNoDriver(repo.dir);

  // The unmigrated branch: the previous release adds a decision to each thread.
  gitOk(repo.dir, "checkout", "-q", "-b", "unmigrated", "main");
  await withPreviousRelease(async (old) => {
    await call(old, "summary_update", { threadId: "main", section: "decisions", content: "- OLD-D1 carts expire after a day" });
    await call(old, "summary_update", { threadId: "billing", section: "decisions", content: "- OLD-BILL invoices in EUR" });
  });
  commitStore(repo.dir, "decisions by the previous release");

  // The migrated branch: this release reads the store, then writes to both threads.
  gitOk(repo.dir, "checkout", "-q", "-b", "migrated", "main");
  server = await spawnServer({ cwd: repo.dir });
});
afterAll(async () => {
  await server?.close();
  repo?.cleanup();
  previous?.cleanup();
  if (home !== undefined) rmSync(home, { recursive: true, force: true });
});

describe("a store written by the previous release", () => {
  test("is read as it is: every decision in the context, every thread in the tree", async () => {
    const main = await call(server, "thread_switch", { threadId: "main" });
    expect(occurrences(main, "- BASE-D1 orders live in Postgres")).toBe(1);
    expect(main).toContain("The shop sells socks.");
    const billing = await call(server, "thread_switch", { threadId: "billing" });
    expect(occurrences(billing, "- BASE-BILL invoices are monthly")).toBe(1);
    expect(await call(server, "thread_list")).toContain("Billing (billing)");
  });

  test("is migrated by this release's writes, nothing lost, and the change commits cleanly", async () => {
    await call(server, "summary_update", { threadId: "main", section: "decisions", content: "- NEW-D1 prices are in cents" });
    await call(server, "summary_update", { threadId: "billing", section: "decisions", content: "- NEW-BILL VAT per country" });
    commitStore(repo.dir, "decisions by this release (the store migrated)");
    // Migrated: each written thread is now a folder (the change the user commits once).
    for (const id of ["main", "billing"])
      expect(statSync(join(repo.dir, ".threadmind", "threads", "shop", id)).isDirectory(), id).toBe(true);
    expect(conflictMarkerFiles(repo.dir)).toEqual([]);
    const main = await call(server, "thread_switch", { threadId: "main" });
    for (const d of ["- BASE-D1 orders live in Postgres", "- NEW-D1 prices are in cents"]) expect(occurrences(main, d)).toBe(1);
    const billing = await call(server, "thread_switch", { threadId: "billing" });
    for (const d of ["- BASE-BILL invoices are monthly", "- NEW-BILL VAT per country"]) expect(occurrences(billing, d)).toBe(1);
  });
});

describe("the migrated branch and the unmigrated one merge under plain git", () => {
  test.each(INTEGRATIONS.flatMap((how) => [[how, "migrated", "unmigrated"] as const, [how, "unmigrated", "migrated"] as const]))(
    "%s of %s and %s: no conflict, no marker, every decision of both once",
    async (how, ours, theirs) => {
      const result = integrate(repo.dir, how, ours, theirs, `result-${how.replace(" ", "-")}-${ours}`);
      expect(result.clean, result.out).toBe(true);
      expect(result.out).not.toContain("CONFLICT");
      expect(git(repo.dir, "status", "--porcelain").out).toBe("");
      expect(conflictMarkerFiles(repo.dir)).toEqual([]);
      const main = await call(server, "thread_switch", { threadId: "main" });
      for (const d of ["- BASE-D1 orders live in Postgres", "- NEW-D1 prices are in cents", "- OLD-D1 carts expire after a day"])
        expect(occurrences(main, d), `${d} in:\n${main}`).toBe(1);
      const billing = await call(server, "thread_switch", { threadId: "billing" });
      for (const d of ["- BASE-BILL invoices are monthly", "- NEW-BILL VAT per country", "- OLD-BILL invoices in EUR"])
        expect(occurrences(billing, d), `${d} in:\n${billing}`).toBe(1);
    },
  );
});

describe("the `migrate` command: the change committed once, then merged with a branch that has not migrated", () => {
  test("migrate writes every thread as a folder, and the commit merges with the unmigrated branch every way", async () => {
    gitOk(repo.dir, "checkout", "-q", "-B", "migrated-by-cli", "main");
    home = makeHome();
    const migrate = runCli(["migrate"], { cwd: repo.dir, home, env: { ...PLAIN_GIT_ENV } });
    expect(migrate.code, migrate.stderr).toBe(0);
    expect(migrate.stdout).toContain("shop: 2 threads migrated");
    commitStore(repo.dir, "ThreadMind: threads migrated to folders");
    for (const how of INTEGRATIONS) {
      const result = integrate(repo.dir, how, "migrated-by-cli", "unmigrated", `cli-result-${how.replace(" ", "-")}`);
      expect(result.clean, `${how}: ${result.out}`).toBe(true);
      expect(conflictMarkerFiles(repo.dir)).toEqual([]);
      const main = await call(server, "thread_switch", { threadId: "main" });
      for (const d of ["- BASE-D1 orders live in Postgres", "- OLD-D1 carts expire after a day"])
        expect(occurrences(main, d), `${how}: ${d} in:\n${main}`).toBe(1);
      const billing = await call(server, "thread_switch", { threadId: "billing" });
      for (const d of ["- BASE-BILL invoices are monthly", "- OLD-BILL invoices in EUR"])
        expect(occurrences(billing, d), `${how}: ${d} in:\n${billing}`).toBe(1);
    }
  });
});

describe("two branches that each migrate the same thread (their first write with this release) merge under plain git", () => {
  // Right after an upgrade every branch that writes a thread migrates it on its own: the folders two clones write from
  // one format-1 file must be the same files, or an item edited or removed on one branch comes back from the other's copy.
  const EDITED = "- BASE-BILL invoices are monthly, on the 1st";
  beforeAll(async () => {
    gitOk(repo.dir, "checkout", "-q", "-B", "rewrites", "main");
    await call(server, "summary_update", {
      threadId: "billing",
      content: `## Decisions\n${EDITED}\n\n## State\nA-STATE invoices are PDFs.`,
    });
    // main's State removed: replaced by nothing.
    await call(server, "summary_update", { threadId: "main", content: "## Decisions\n- BASE-D1 orders live in Postgres" });
    commitStore(repo.dir, "billing rewritten, main's State removed (both migrated by these writes)");
    gitOk(repo.dir, "checkout", "-q", "-B", "appends", "main");
    await call(server, "summary_update", { threadId: "billing", section: "decisions", content: "- B-BILL VAT per country" });
    await call(server, "summary_update", { threadId: "main", section: "decisions", content: "- B-D1 prices in cents" });
    commitStore(repo.dir, "billing decision (migrated by this write)");
  });

  test.each(INTEGRATIONS)("%s: the rewrite's edit holds, nothing it replaced comes back", async (how) => {
    const result = integrate(repo.dir, how, "rewrites", "appends", `two-migrations-${how.replace(" ", "-")}`);
    expect(result.clean, result.out).toBe(true);
    expect(conflictMarkerFiles(repo.dir)).toEqual([]);
    const billing = await call(server, "thread_switch", { threadId: "billing" });
    for (const d of [EDITED, "- B-BILL VAT per country", "A-STATE invoices are PDFs."])
      expect(occurrences(billing, d), `${d} in:\n${billing}`).toBe(1);
    expect(billing).not.toContain("- BASE-BILL invoices are monthly\n");
    const main = await call(server, "thread_switch", { threadId: "main" });
    for (const d of ["- BASE-D1 orders live in Postgres", "- B-D1 prices in cents"]) expect(occurrences(main, d), main).toBe(1);
    expect(main).not.toContain("The shop sells socks.");
    // The copy the other branch moved is named in removed/: left out. Its file stays (deleted beside its replacement,
    // git's rename detection could pair the two), and no write reads it again.
    await call(server, "summary_update", { threadId: "billing", section: "next-steps", content: "- send the first invoices" });
    const folder = join(repo.dir, ".threadmind/threads/shop/billing");
    const removed = readdirSync(join(folder, "removed")).map((f) => readFileSync(join(folder, "removed", f), "utf8").trim());
    const files = gitOk(
      repo.dir,
      "grep",
      "--untracked",
      "-l",
      "-F",
      "-e",
      "BASE-BILL",
      "--",
      ".threadmind/threads/shop/billing/",
    );
    const holding = files.split("\n").map((f) => f.slice(".threadmind/threads/shop/billing/".length));
    const shown = holding.filter((f) => !removed.includes(f));
    expect(shown, "files holding the decision, not named in removed/").toHaveLength(1);
    expect(readFileSync(join(folder, shown[0]!), "utf8")).toContain(EDITED);
    expect(await call(server, "thread_switch", { threadId: "billing" })).toContain(EDITED);
    commitStore(repo.dir, "next write");
  });

  test("`migrate` run on two branches writes the same files: their merge adds nothing", async () => {
    home ??= makeHome();
    for (const branch of ["migrate-one", "migrate-two"]) {
      gitOk(repo.dir, "checkout", "-q", "-B", branch, "main");
      const migrate = runCli(["migrate"], { cwd: repo.dir, home, env: { ...PLAIN_GIT_ENV } });
      expect(migrate.code, migrate.stderr).toBe(0);
      commitStore(repo.dir, `migrated on ${branch}`);
    }
    expect(gitOk(repo.dir, "diff", "migrate-one", "migrate-two", "--stat")).toBe("");
  });
});
