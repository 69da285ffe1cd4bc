// plugin/dist/yaml.cjs: the yaml package's parser and writer alone, loaded by yaml-package.ts at their first use (the bundles that read or write frontmatter do not carry its ~0.26 MB).
export { parseDocument, stringify } from "yaml";
