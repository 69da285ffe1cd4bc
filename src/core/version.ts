// ThreadMind's version as the running code knows it: inlined by the build (tsup's define, from package.json); "dev" from source.
declare const __THREADMIND_VERSION__: string | undefined;

export const BUNDLE_VERSION: string = typeof __THREADMIND_VERSION__ === "string" ? __THREADMIND_VERSION__ : "dev";
