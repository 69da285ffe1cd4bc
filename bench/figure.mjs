// One benchmark figure: its samples' statistics, its floor measured in the same run, the ratio and the target verdict.

/**
 * fields: key, title, workload, unit, stats (summarize()), floorName, floor (summarize() or null), ratioTarget (max ratio of
 * the medians, or null), valueTarget ({ stat: "p50" | "p99" | "median" | "max", max } or a list of them), notes.
 */
export function figure(fields) {
  const ratio = fields.floor ? fields.stats.median / fields.floor.median : null;
  // Minimum to minimum: the least disturbed run of each, a second view on a loaded machine.
  const ratioMin =
    fields.floor && fields.stats.min != null && fields.floor.min != null ? fields.stats.min / fields.floor.min : null;
  const verdicts = [];
  if (fields.ratioTarget != null && ratio !== null) {
    verdicts.push({ text: `≤ ${fields.ratioTarget}× floor`, pass: ratio <= fields.ratioTarget, by: ratio / fields.ratioTarget });
  }
  for (const t of [fields.valueTarget ?? []].flat()) {
    const value = fields.stats[t.stat];
    verdicts.push({ text: `${t.stat} ≤ ${t.max} ${fields.unit}`, pass: value <= t.max, by: value / t.max });
  }
  return { notes: [], ...fields, ratio, ratioMin, verdicts, pass: verdicts.length === 0 ? null : verdicts.every((v) => v.pass) };
}

/** A figure that could not be measured (a failed or missing benchmark). */
export function failedFigure(key, title, reason, { skipped = false } = {}) {
  return {
    key,
    title,
    workload: "",
    unit: "",
    stats: null,
    floor: null,
    ratio: null,
    verdicts: [],
    pass: skipped ? null : false,
    error: skipped ? null : reason,
    skipped: skipped ? reason : null,
    notes: [],
  };
}
