// Guards server.json, the MCP Registry entry: valid against the registry's published schema (a copy in test/fixtures/mcp-registry).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import addFormatsPlugin from "ajv-formats";
import { describe, expect, test } from "vitest";
import { REPO_ROOT } from "../support/run-cli.js";

const schema = JSON.parse(readFileSync(join(REPO_ROOT, "test", "fixtures", "mcp-registry", "server.schema.json"), "utf8")) as {
  $id: string;
};
const serverJson = JSON.parse(readFileSync(join(REPO_ROOT, "server.json"), "utf8")) as Record<string, unknown>;
const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
  name: string;
  version: string;
  mcpName?: string;
  homepage?: string;
  repository?: { url?: string };
};

// ajv-formats is CommonJS with `exports.default`: under NodeNext types its default import is the module object, while at
// run time (vitest's interop) it may already be the plugin. Take the function either way.
type FormatsPlugin = (ajv: Ajv) => Ajv;
const formatsModule: unknown = addFormatsPlugin;
const addFormats = (
  typeof formatsModule === "function" ? formatsModule : (formatsModule as { default: unknown }).default
) as FormatsPlugin;
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(schema);

describe("server.json (MCP Registry entry)", () => {
  test("is valid against the registry's published schema, and names that schema", () => {
    const valid = validate(serverJson);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    expect(serverJson.$schema).toBe(schema.$id);
  });

  test("the validator rejects what the registry rejects (no namespace, a long description, version latest, a URL that is not one)", () => {
    expect(validate({ ...serverJson, name: "thread-mind-mcp" })).toBe(false);
    expect(validate({ ...serverJson, websiteUrl: "npmjs thread-mind-mcp" })).toBe(false); // formats are checked (ajv-formats)
    expect(validate({ ...serverJson, description: "x".repeat(101) })).toBe(false);
    const packages = serverJson.packages as Record<string, unknown>[];
    expect(validate({ ...serverJson, packages: [{ ...packages[0], version: "latest" }] })).toBe(false);
    const { name: _dropped, ...nameless } = serverJson;
    expect(validate(nameless)).toBe(false);
  });

  test("points at this npm package over stdio, and package.json's mcpName claims the same name (the registry's ownership check)", () => {
    expect(serverJson.packages).toEqual([
      expect.objectContaining({
        registryType: "npm",
        registryBaseUrl: "https://registry.npmjs.org",
        identifier: pkg.name,
        version: pkg.version,
        transport: { type: "stdio" },
      }),
    ]);
    expect(pkg.mcpName).toBe(serverJson.name);
  });

  test("says what package.json says about the project's home: the same website, the same repository (or neither names one)", () => {
    expect(serverJson.websiteUrl).toBe(pkg.homepage);
    const repository = serverJson.repository as { url?: string } | undefined;
    expect(repository?.url?.replace(/\.git$/, "")).toBe(pkg.repository?.url?.replace(/^git\+/, "").replace(/\.git$/, ""));
  });
});
