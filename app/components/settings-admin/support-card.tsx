import { FormField, TextAreaField } from "~/components/form-field";
import { FormError } from "~/components/ui/form-error";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { PAYOUT_SCHEDULE_MAX, SUPPORT_EMAIL_MAX } from "~/domain/settings/support-channels-validation";
import { useSettingsForm, type RenderedFailure } from "./settings-form";

/** The saved support channels (empty: not offered) and payout schedule, as the inputs show them. */
export type SupportValues = {
  supportEmail: string;
  supportPhone: string;
  supportWhatsapp: string;
  payoutSchedule: string;
};

const phone = { type: "tel", inputMode: "tel", autoComplete: "off", maxLength: 32 } as const;

/** Support and payouts: posts to /admin/settings/support. */
export function SupportCard({ saved, rendered }: { saved: SupportValues; rendered?: RenderedFailure }) {
  const form = useSettingsForm("support", rendered);
  const value = (field: keyof SupportValues) => form.values?.[field] ?? saved[field];
  return (
    <Card>
      <CardTitle>Support and payouts</CardTitle>
      <CardDescription>
        How members and advertisers reach support, shown on the help and contact pages. Leave a channel empty if it is
        not offered. The payout schedule is shown on the help page and beside every withdraw form.
      </CardDescription>
      {/* Keyed by the saved values: after a successful save the inputs start again from them. */}
      <form.Form
        key={Object.values(saved).join("\n")}
        method="post"
        action={form.action}
        className="mt-5 grid gap-5"
        noValidate
      >
        <FormError message={form.errors.form} />
        <FormField
          label="Support email"
          name="supportEmail"
          type="email"
          inputMode="email"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={SUPPORT_EMAIL_MAX}
          placeholder="help@example.com"
          defaultValue={value("supportEmail")}
          error={form.errors.supportEmail}
        />
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField
            {...phone}
            label="Support phone"
            name="supportPhone"
            placeholder="0803 123 4567"
            hint="A Nigerian number, such as 0803 123 4567."
            defaultValue={value("supportPhone")}
            error={form.errors.supportPhone}
          />
          <FormField
            {...phone}
            label="WhatsApp number"
            name="supportWhatsapp"
            placeholder="0803 123 4567"
            hint="A Nigerian mobile number, such as 0803 123 4567."
            defaultValue={value("supportWhatsapp")}
            error={form.errors.supportWhatsapp}
          />
        </div>
        <TextAreaField
          label="Payout schedule"
          name="payoutSchedule"
          rows={3}
          required
          maxLength={PAYOUT_SCHEDULE_MAX}
          hint={`One sentence on when withdrawals are paid, up to ${PAYOUT_SCHEDULE_MAX} characters.`}
          defaultValue={value("payoutSchedule")}
          error={form.errors.payoutSchedule}
        />
        <Button type="submit" disabled={form.busy} className="w-full sm:w-auto sm:justify-self-start">
          {form.submitting ? "Saving..." : "Save Support and Payouts"}
        </Button>
      </form.Form>
    </Card>
  );
}
