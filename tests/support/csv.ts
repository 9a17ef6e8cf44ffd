import { parseNairaToKobo, type Kobo } from "~/domain/shared/money";

/**
 * Reads an RFC 4180 CSV (quoted cells, doubled quotes, CRLF rows) into its records, header first:
 * for tests that check a download's figures as a spreadsheet would read them.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  const endCell = () => {
    record.push(cell);
    cell = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") endCell();
    else if (c === "\r" && text[i + 1] === "\n") {
      endCell();
      records.push(record);
      record = [];
      i++;
    } else cell += c;
  }
  if (cell !== "" || record.length > 0) records.push([...record, cell]);
  return records;
}

/** The records as objects keyed by the header's names. */
export function csvObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  return rows.map((row) => Object.fromEntries((header ?? []).map((name, i) => [name, row[i] ?? ""])));
}

/** A money cell ("1234.50") or a shown amount ("₦1,234.50", "+₦5.00", "−₦40.00") as unsigned kobo; "" is 0. */
export function amountKobo(text: string): Kobo {
  if (text === "") return 0n;
  const parsed = parseNairaToKobo(text.replace(/[₦,+−]/g, ""));
  if (parsed.status !== "ok") throw new Error(`not an amount: ${text}`);
  return parsed.kobo;
}
