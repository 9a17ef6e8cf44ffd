import { useEffect, useState } from "react";
import { FormField } from "~/components/form-field";
import { FormError } from "~/components/ui/form-error";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { logoUrlSchema } from "~/domain/settings/validation";
import { useSettingsForm, type RenderedFailure } from "./settings-form";

/** Branding (application name and logo): posts to /admin/settings/branding. */
export function BrandingCard({
  appName,
  logoUrl,
  appOrigin,
  rendered,
}: {
  appName: string;
  logoUrl: string;
  /** The app's public origin: the logo preview refuses what the server would (images there). */
  appOrigin: string;
  rendered?: RenderedFailure;
}) {
  const form = useSettingsForm("branding", rendered);
  return (
    <Card>
      <CardTitle>Branding</CardTitle>
      <CardDescription>The name and logo shown in the top bar, page titles and emails.</CardDescription>
      {/* Keyed by the saved values: after a successful save the inputs start again from them. */}
      <BrandingForm
        key={`${appName}\n${logoUrl}`}
        form={form}
        appName={form.values?.appName ?? appName}
        logoUrl={form.values?.logoUrl ?? logoUrl}
        appOrigin={appOrigin}
      />
    </Card>
  );
}

function BrandingForm({
  form,
  appName,
  logoUrl,
  appOrigin,
}: {
  form: ReturnType<typeof useSettingsForm>;
  appName: string;
  logoUrl: string;
  appOrigin: string;
}) {
  const [typedLogo, setTypedLogo] = useState(logoUrl);
  return (
    <form.Form method="post" action={form.action} className="mt-5 grid gap-5" noValidate>
      <FormError message={form.errors.form} />
      <FormField
        label="Application Name"
        name="appName"
        autoComplete="off"
        required
        maxLength={60}
        defaultValue={appName}
        error={form.errors.appName}
      />
      <FormField
        label="Logo URL"
        name="logoUrl"
        type="text"
        inputMode="url"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        required
        maxLength={500}
        placeholder="/logo.svg or https://example.com/logo.png"
        hint="Only an https:// image address on another site, or the path of one of this site's images (such as /logo.svg), is accepted."
        defaultValue={logoUrl}
        onChange={(event) => setTypedLogo(event.currentTarget.value)}
        error={form.errors.logoUrl}
      />
      <LogoPreview value={typedLogo} appOrigin={appOrigin} />
      <Button type="submit" disabled={form.busy} className="w-full sm:w-auto sm:justify-self-start">
        {form.submitting ? "Saving..." : "Save Settings"}
      </Button>
    </form.Form>
  );
}

/** The value after typing has paused, so the browser does not fetch every partial address. */
function useSettled(value: string, delayMs: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** The preview shows the entered address, but only one the server would accept. */
function LogoPreview({ value, appOrigin }: { value: string; appOrigin: string }) {
  // An unacceptable value clears the preview at once; an acceptable one is loaded once typing pauses.
  const settled = useSettled(value, 400);
  const acceptable = (candidate: string) => {
    const parsed = logoUrlSchema(appOrigin).safeParse(candidate);
    return parsed.success ? parsed.data : null;
  };
  const src = acceptable(value) === null ? null : acceptable(settled);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = src !== null && failedSrc === src;
  let note: string;
  if (!src) note = "Enter an acceptable logo address to see the logo.";
  else if (failed) note = "The image at this address could not be loaded.";
  else note = "This is how the logo will look.";

  return (
    <div className="grid gap-1.5">
      <p className="text-sm font-medium text-gray-800">Logo preview</p>
      <div className="flex items-center gap-4">
        <div
          className="flex h-20 w-20 shrink-0 items-center justify-center overflow-hidden rounded-md border border-dashed border-gray-300 bg-gray-50"
          data-testid="logo-preview"
        >
          {src && !failed ? (
            <img
              key={src}
              src={src}
              alt="Logo preview"
              width={80}
              height={80}
              referrerPolicy="no-referrer"
              className="h-full w-full object-contain"
              onError={() => setFailedSrc(src)}
              // An image that failed before hydration fires no React onError: check it on mount.
              ref={(img) => {
                if (img && img.complete && img.naturalWidth === 0 && img.src) setFailedSrc(src);
              }}
            />
          ) : null}
        </div>
        <p className="text-sm text-gray-600" aria-live="polite">
          {note}
        </p>
      </div>
    </div>
  );
}
