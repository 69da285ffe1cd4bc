// The server's name and version as announced at initialize (the version the build inlined, core/version.ts).
export { BUNDLE_VERSION as SERVER_VERSION } from "../core/version.js";

export const SERVER_NAME = "thread-mind";
