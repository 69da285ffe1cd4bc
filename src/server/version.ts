// The server's name and version as announced at initialize (the version comes from package.json, inlined by the bundler).
import packageJson from "../../package.json" with { type: "json" };

export const SERVER_NAME = "thread-mind";
export const SERVER_VERSION: string = packageJson.version;
