// Reusable zero-filled typed arrays for scoring (a search allocates none per query); callers reset the entries they touched.

export class Scratch {
  private f64 = new Map<string, Float64Array>();
  private u32 = new Map<string, Uint32Array>();

  /** A Float64Array of at least `n` zeros under `name`; the caller sets every entry it wrote back to 0. */
  floats(name: string, n: number): Float64Array {
    let a = this.f64.get(name);
    if (!a || a.length < n) {
      a = new Float64Array(Math.max(n, 1024, (a?.length ?? 0) * 2));
      this.f64.set(name, a);
    }
    return a;
  }

  /** A Uint32Array of at least `n` zeros under `name`; the caller sets every entry it wrote back to 0. */
  uints(name: string, n: number): Uint32Array {
    let a = this.u32.get(name);
    if (!a || a.length < n) {
      a = new Uint32Array(Math.max(n, 1024, (a?.length ?? 0) * 2));
      this.u32.set(name, a);
    }
    return a;
  }
}
