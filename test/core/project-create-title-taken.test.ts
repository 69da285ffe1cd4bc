// Guards project_create against a second project of a title taken already (a retry of a call whose answer was lost, or
// a project not looked for first): refused with the catalogue's text, nothing made, the session's project unchanged.
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { errors } from "../../src/core/errors.js";
import { reposPerTest } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";

const newRepo = reposPerTest();

test("the same title, in any case or with spaces around it, is refused and nothing is made; another title is made", async () => {
  const repo = newRepo();
  const s = servicesFor(repo.dir);
  await s.projectCreate({ title: "Demo" });
  await s.projectCreate({ title: "Shop" });
  const before = readdirSync(join(repo.dir, ".threadmind", "projects")).sort();
  for (const title of ["Demo", "  demo ", "DEMO"]) {
    await expect(s.projectCreate({ title })).rejects.toThrow(errors.projectTitleTaken("Demo", "demo").message);
  }
  expect(errors.projectTitleTaken("Demo", "demo").message).toBe(
    'A project titled "Demo" exists already (id demo). Nothing was created: project_switch demo works in it, or give the new project another title.',
  );
  expect(readdirSync(join(repo.dir, ".threadmind", "projects")).sort()).toEqual(before);
  expect(s.projectList().activeId).toBe("shop");
  const { project } = await s.projectCreate({ title: "Demo 2" });
  expect(project.id).toBe("demo-2");
});

test("a project file that cannot be read is passed over: its title cannot be known, and project_list names it", async () => {
  const repo = newRepo();
  const s = servicesFor(repo.dir);
  await s.projectCreate({ title: "Demo" });
  writeFileSync(join(repo.dir, ".threadmind", "projects", "broken.json"), "{ not json\n");
  const { project } = await s.projectCreate({ title: "Broken" });
  expect(project.id).toBe("broken-2");
  expect(s.projectList().problems.join("\n")).toContain("broken.json");
});
