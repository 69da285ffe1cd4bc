// ThreadMind's version as the running code knows it: inlined by the build (tsup's define, from package.json); "dev" from source. And the oldest Node it runs on.
declare const __THREADMIND_VERSION__: string | undefined;

export const BUNDLE_VERSION: string = typeof __THREADMIND_VERSION__ === "string" ? __THREADMIND_VERSION__ : "dev";

/** The oldest Node ThreadMind runs on (package.json's engines; the CLI parses its options with util.parseArgs, new in 18.3). */
export const MIN_NODE = "18.3.0";
