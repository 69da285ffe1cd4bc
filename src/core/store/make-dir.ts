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

/** Makes `path` after its missing parents, each tried once (a parent removed meanwhile fails, it is not chased). */
function makeDirOneByOne(path: string): void {
  try {
    mkdirSync(path);
  } catch (error) {
    if (errnoCode(error) !== "ENOENT" || dirname(path) === path) {
      madeMeanwhile(path, error);
      return;
    }
    makeDirOneByOne(dirname(path));
    try {
      mkdirSync(path);
    } catch (again) {
      madeMeanwhile(path, again);
    }
  }
}

/** Returns when `error` is EEXIST for a directory (another process made it first); throws `error` otherwise. */
function madeMeanwhile(path: string, error: unknown): void {
  if (errnoCode(error) === "EEXIST" && lstatSync(path).isDirectory()) return;
  throw error;
}
