// The open thread last found linked to a branch, remembered by one services object: each thread_create on a branch asks whether one already is, and reading every thread's head for it cost ~20 ms at 1,000 threads (#31). A remembered thread is only a candidate: it is read again before it answers.

/** Per project and branch, the id of a thread last seen open and linked to that branch. */
export class LinkedThreadMemo {
  private readonly known = new Map<string, string>();

  private static key(projectId: string, branch: string): string {
    // A NUL is in no project id and no branch name (git refuses it): the pair's key is unambiguous.
    return `${projectId}\0${branch}`;
  }

  remember(projectId: string, branch: string, threadId: string): void {
    this.known.set(LinkedThreadMemo.key(projectId, branch), threadId);
  }

  forget(projectId: string, branch: string): void {
    this.known.delete(LinkedThreadMemo.key(projectId, branch));
  }

  /** The thread to check first, if one was seen; undefined otherwise. */
  candidate(projectId: string, branch: string): string | undefined {
    return this.known.get(LinkedThreadMemo.key(projectId, branch));
  }
}
