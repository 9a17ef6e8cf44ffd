import { browserSupportsWebAuthn, startAuthentication } from "@simplewebauthn/browser";
import { useState } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import { Button } from "~/components/ui/button";
import { passkeyErrorText, postPasskeyForm } from "./passkey-client";

/**
 * "Use a passkey" on the sign-in's second step: shown once the page's script runs in a browser
 * with WebAuthn (a passkey cannot be used without it; the code form above always works).
 */
export function PasskeySignIn() {
  const supported = useHydrated() && browserSupportsWebAuthn();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!supported) return null;

  async function usePasskey() {
    setBusy(true);
    setError(null);
    try {
      const options = await postPasskeyForm("/login/passkey", { intent: "options" });
      if (!options.ok) throw new Error(String(options.body.error ?? "Please try again."));
      const response = await startAuthentication({ optionsJSON: options.body.options as never });
      const verified = await postPasskeyForm("/login/passkey", {
        intent: "verify",
        response: JSON.stringify(response),
      });
      if (!verified.ok) throw new Error(String(verified.body.error ?? "Please try again."));
      window.location.assign(String(verified.body.redirectTo));
    } catch (err) {
      setError(passkeyErrorText(err));
      setBusy(false);
    }
  }

  return (
    <div className="mt-4 grid gap-2 border-t border-gray-200 pt-4">
      <Button type="button" variant="outline" className="w-full" disabled={busy} onClick={usePasskey}>
        {busy ? "Waiting for your passkey..." : "Use a passkey"}
      </Button>
      <p role="alert" className="text-sm text-red-700">
        {error}
      </p>
    </div>
  );
}
