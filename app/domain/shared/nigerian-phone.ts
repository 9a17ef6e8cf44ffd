/**
 * The 10 digits after the trunk 0 of a Nigerian phone number typed as 0XXXXXXXXXX or
 * +234XXXXXXXXXX (and, with `bare234`, 234XXXXXXXXXX, as WhatsApp shows numbers), with spaces,
 * dashes, dots or brackets between the digits; null for anything else.
 */
export function nigerianSubscriberDigits(typed: string, options: { bare234?: boolean } = {}): string | null {
  const compact = typed.trim().replace(/[\s\-().]/g, "");
  const local =
    /^0(\d{10})$/.exec(compact) ??
    /^\+234(\d{10})$/.exec(compact) ??
    (options.bare234 ? /^234(\d{10})$/.exec(compact) : null);
  if (!local || local[1]!.startsWith("0")) return null;
  return local[1]!;
}

/** A Nigerian phone number as stored: "+234" and the 10 digits after the trunk 0 (0XXXXXXXXXX or +234XXXXXXXXXX typed). */
export function normalizeNigerianPhone(typed: string): string | null {
  const digits = nigerianSubscriberDigits(typed);
  return digits === null ? null : `+234${digits}`;
}

/**
 * A Nigerian number for reading, grouped as people say it: "0803 123 4567" (`local`) or
 * "+234 803 123 4567" (`international`), from any form nigerianSubscriberDigits reads (234… too);
 * anything else as it is, trimmed.
 */
export function readableNigerianPhone(phone: string, form: "local" | "international"): string {
  const digits = nigerianSubscriberDigits(phone, { bare234: true });
  if (digits === null) return phone.trim();
  const [a, b, c] = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)];
  return form === "local" ? `0${a} ${b} ${c}` : `+234 ${a} ${b} ${c}`;
}
