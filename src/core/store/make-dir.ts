// Creating a directory with its parents, failing with the real reason (Node says ENOENT for a read-only parent).
import { lstatSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { errnoCode } from "../error-details.js";

/**
 * `mkdir -p path`. Node's recursive mkdir reports a failure to create a missing directory as ENOENT ("no such file or
 * directory") whatever its cause, a read-only file system included; the missing directories are then made one by one,
 * so that the first one that cannot be made fails with the real reason (EROFS, EACCES, ENOSPC...).
 */
export function makeDir(path: string): void {
  try {
    mkdirSync(path, { recursive: true });
  } catch (error) {
    if (errnoCode(error) !== "ENOENT") throw error;
    makeDirOneByOne(path);
  }
}

function makeDirOneByOne(path: string): void {
  try {
    mkdirSync(path);
  } catch (error) {
    const code = errnoCode(error);
    if (code === "EEXIST" && lstatSync(path).isDirectory()) return; // made meanwhile by another process
    if (code !== "ENOENT" || dirname(path) === path) throw error;
    makeDirOneByOne(dirname(path));
    makeDirOneByOne(path);
  }
}
