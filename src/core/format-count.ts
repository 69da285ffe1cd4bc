// Whole numbers with thousands separators ("10,000") without Intl: its first use costs ~20 ms of ICU start-up in a hook.

/** A non-negative integer as en-US writes it (10000 → "10,000"); other numbers as String() writes them. */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) return String(n);
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
