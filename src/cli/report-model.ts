// The savings report's table, as every renderer and table builder shares it, and its number format.

export interface ReportTable {
  title: string;
  /** Sentences shown before the table. */
  notes: string[];
  headers: string[];
  /** "r" for numbers (right-aligned). */
  align: ("l" | "r")[];
  rows: string[][];
}

export const fmt = (n: number): string => Math.round(n).toLocaleString("en-US");
