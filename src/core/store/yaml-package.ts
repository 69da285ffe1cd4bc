// The yaml package, loaded at its first use: frontmatter in the shapes the store writes is read and written without it
// (frontmatter-quick.ts), so most processes never need it. In the bundles it is plugin/dist/yaml.cjs beside them (the
// merge driver, the hooks proper and the server each compiled and ran its ~0.26 MB at every start); from the sources
// (tests), the package itself.

type YamlPackage = typeof import("./yaml-bundle.js");

/** The bundle's file name beside the bundles (tsup.config.ts builds it from yaml-bundle.ts). */
export const YAML_BUNDLE = "yaml.cjs";

/** The package's name, for the sources (in a variable: the bundler leaves a require of it alone). */
const PACKAGE: string = "yaml";

let loaded: YamlPackage | null = null;

/** The yaml package's parseDocument and stringify, loaded once; throws (Node's own error) when neither is there. */
export function yamlPackage(): YamlPackage {
  loaded ??= load();
  return loaded;
}

/**
 * `require` here is the running bundle's (CommonJS, or the ES module bundles' createRequire banner: both resolve beside
 * the bundle) or the test runner's (beside this source file, where no yaml.cjs is: the package). node:module's
 * createRequire is not used: loading node:module starts Node's ESM loader in a CommonJS process (the merge driver's).
 */
function load(): YamlPackage {
  if (typeof require !== "function") throw new Error("the yaml package cannot be loaded: no require() in this module");
  let bundled: string | null;
  try {
    bundled = require.resolve(`./${YAML_BUNDLE}`);
  } catch {
    bundled = null;
  }
  return require(bundled ?? PACKAGE) as YamlPackage;
}
