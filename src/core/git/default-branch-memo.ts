// isDefaultBranch asked of git once per branch for the life of one services object (each answer spawns git twice).
import { isDefaultBranch } from "./git.js";

/** A memoised isDefaultBranch: the first answer for a branch (a promise) is the answer for good. */
export function defaultBranchMemo(): (top: string, branch: string) => Promise<boolean> {
  const answers = new Map<string, Promise<boolean>>();
  return (top, branch) => {
    let answer = answers.get(branch);
    if (answer === undefined) {
      answer = isDefaultBranch(top, branch);
      answers.set(branch, answer);
    }
    return answer;
  };
}
