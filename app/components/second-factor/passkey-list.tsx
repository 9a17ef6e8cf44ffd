import { browserSupportsWebAuthn, startRegistration } from "@simplewebauthn/browser";
import { useId, useState } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import { Form } from "react-router";
import { FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { passkeyErrorText, postPasskeyForm } from "./passkey-client";

export type PasskeyRow = { id: string; name: string; added: string; lastUsed: string | null };

/**
 * The account's passkeys, each with Remove (a plain form), and Add a passkey (the page's script:
 * WebAuthn needs it), which asks for the app's code when the last one is older than 15 minutes.
 */
export function PasskeyList({ passkeys }: { passkeys: PasskeyRow[] }) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <CardTitle id={headingId}>Passkeys</CardTitle>
      <CardDescription>
        A passkey (your phone&apos;s fingerprint or screen lock, or a security key) can answer the second step instead
        of a code.
      </CardDescription>
      {passkeys.length === 0 ? (
        <p className="mt-4 text-sm text-gray-600">No passkeys yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-gray-200">
          {passkeys.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="break-words font-medium">{key.name}</p>
                <p className="text-xs text-gray-600">
                  Added {key.added}
                  {key.lastUsed ? ` · last used ${key.lastUsed}` : " · not used yet"}
                </p>
              </div>
              <Form method="post" action="/security/passkeys">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="passkeyId" value={key.id} />
                <Button type="submit" variant="outline" size="sm">
                  Remove<span className="sr-only"> {key.name}</span>
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <AddPasskey />
    </Card>
  );
}

function AddPasskey() {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!hydrated) return <p className="mt-4 text-sm text-gray-600">Adding a passkey needs JavaScript.</p>;
  if (!browserSupportsWebAuthn())
    return <p className="mt-4 text-sm text-gray-600">This browser cannot make passkeys.</p>;

  async function add(form: HTMLFormElement) {
    const fields = Object.fromEntries(new FormData(form)) as Record<string, string>;
    setBusy(true);
    setError(null);
    try {
      const options = await postPasskeyForm("/security/passkeys", { ...fields, intent: "options" });
      if (!options.ok) throw new Error(String(options.body.error ?? "Please try again."));
      const response = await startRegistration({ optionsJSON: options.body.options as never });
      const added = await postPasskeyForm("/security/passkeys", {
        intent: "add",
        name: fields.name ?? "",
        response: JSON.stringify(response),
      });
      if (!added.ok) throw new Error(String(added.body.error ?? "Please try again."));
      window.location.assign("/security");
    } catch (err) {
      setError(passkeyErrorText(err));
      setBusy(false);
    }
  }

  return (
    <form
      className="mt-4 grid gap-3 border-t border-gray-200 pt-4"
      onSubmit={(event) => {
        event.preventDefault();
        void add(event.currentTarget);
      }}
    >
      <FormField label="Passkey name" name="name" placeholder="My phone" maxLength={60} required />
      <FormField
        label="Authentication code"
        name="secondFactorCode"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        hint="Needed when your last code was more than 15 minutes ago."
      />
      <p role="alert" className="text-sm text-red-700">
        {error}
      </p>
      <Button type="submit" variant="outline" disabled={busy} className="w-full sm:w-auto">
        {busy ? "Waiting for your passkey..." : "Add a passkey"}
      </Button>
    </form>
  );
}
