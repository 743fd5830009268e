/** CSV (RFC 4180) for standings and ledger exports. */

/** Quotes a field when needed; text that a spreadsheet would run as a formula is made inert. */
export function field(v: string | number | null): string {
  if (v === null) return "";
  if (typeof v === "number") return String(v);
  const s = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  return [header, ...rows].map((r) => r.map(field).join(",")).join("\r\n") + "\r\n";
}
