/** Posts a form to one of the passkey routes from the page's script and reads its JSON answer. */
export async function postPasskeyForm(
  path: string,
  fields: Record<string, string>,
): Promise<{ ok: boolean; body: Record<string, unknown> }> {
  const res = await fetch(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Accept: "application/json" },
  });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  return { ok: res.ok, body };
}

/** The words for a browser's refusal (the person cancelled, or the passkey is unknown here). */
export function passkeyErrorText(error: unknown): string {
  if (error instanceof Error && error.name === "NotAllowedError")
    return "The passkey was not used (cancelled or timed out). Try again, or enter a code.";
  return error instanceof Error && error.message ? error.message : "Something went wrong. Please try again.";
}
