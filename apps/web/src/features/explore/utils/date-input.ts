const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-mm-dd of a moment in the visitor's time zone (a date field's value). */
export const toDateInput = (ms: number): string => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** The local midnight a date field's yyyy-mm-dd names, or null for an empty or partial value. */
export const fromDateInput = (value: string): number | null => {
  const [y, m, d] = value.split('-').map(Number);
  if (!y || !m || !d) return null;
  return new Date(y, m - 1, d).getTime();
};
