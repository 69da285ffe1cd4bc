// Outside git, a new session starts on the thread last created or switched to in the folder, as on a branch.
import { afterEach, describe, expect, it } from "vitest";
import { servicesFor } from "../support/core-services.js";
import { makeTempRepo } from "../support/temp-repo.js";
import type { TempRepo } from "../support/temp-repo.js";

describe("start thread in a folder that is not a git repository", () => {
  let folder: TempRepo | null = null;
  afterEach(() => {
    folder?.cleanup();
    folder = null;
  });

  it("a new session starts on the thread last created there, not on main (no branch used to mean no memory of it)", async () => {
    folder = makeTempRepo({ git: false });
    const first = servicesFor(folder.dir, "first-window");
    await first.projectCreate({ title: "No git app" });
    const { thread } = await first.threadCreate({ title: "Parser work" });
    const next = servicesFor(folder.dir, "next-window");
    expect((await next.currentThread({ newProcess: true })).thread.id).toBe(thread.id);
  });

  it("follows a later switch back to main", async () => {
    folder = makeTempRepo({ git: false });
    const first = servicesFor(folder.dir, "first-window");
    await first.projectCreate({ title: "No git app" });
    await first.threadCreate({ title: "Parser work" });
    await first.threadSwitch("main");
    const next = servicesFor(folder.dir, "next-window");
    expect((await next.currentThread({ newProcess: true })).thread.id).toBe("main");
  });
});
