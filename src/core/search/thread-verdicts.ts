// A tier's accept/refuse question, asked at most once per thread in one scoring pass (memo in a scratch array).
import type { Scratch } from "./scratch.js";

export class ThreadVerdicts {
  /** The threads asked so far, in the order they were first met. */
  readonly asked: number[] = [];
  private readonly verdict: Uint32Array; // 0 not asked yet, 1 accepted, 2 refused

  constructor(
    scratch: Scratch,
    name: string,
    threads: number,
    private readonly accept: (threadNo: number) => boolean,
  ) {
    this.verdict = scratch.uints(name, threads);
  }

  accepts(threadNo: number): boolean {
    let v = this.verdict[threadNo]!;
    if (v === 0) {
      v = this.accept(threadNo) ? 1 : 2;
      this.verdict[threadNo] = v;
      this.asked.push(threadNo);
    }
    return v === 1;
  }

  /** Sets the scratch entries back to 0 (the scratch contract); call once the pass is over. */
  clear(): void {
    for (const t of this.asked) this.verdict[t] = 0;
  }
}
