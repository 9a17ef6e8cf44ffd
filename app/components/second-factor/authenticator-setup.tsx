import { FormField } from "~/components/form-field";
import type { AuthenticatorOffer } from "~/domain/second-factor/totp";

/**
 * Setting up an authenticator app: the three steps, the QR code and the secret as text, and the
 * field for the first code that proves the app has it (the form around it is the page's).
 */
export function AuthenticatorSetup({ offer, error }: { offer: AuthenticatorOffer; error?: string }) {
  return (
    <div className="grid gap-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-gray-700">
        <li>
          Install an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, or any app that
          reads these QR codes).
        </li>
        <li>In the app, add an account and scan this QR code, or type the key under it.</li>
        <li>Enter the 6-digit code the app then shows.</li>
      </ol>
      <div className="flex flex-col items-center gap-2">
        <div
          role="img"
          aria-label="QR code to scan with your authenticator app"
          className="h-48 w-48 rounded border border-gray-200 bg-white p-2"
          // The SVG is drawn on the server from our own otpauth link (no text from anyone else).
          dangerouslySetInnerHTML={{ __html: offer.qrSvg }}
        />
        <p className="text-center text-sm text-gray-700">
          Key: <code className="break-all font-mono text-base tracking-wide">{offer.secretForTyping}</code>
        </p>
      </div>
      <FormField
        label="Authentication code"
        name="secondFactorCode"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]*"
        maxLength={7}
        error={error}
      />
    </div>
  );
}
