import { usePageForm, type RenderedFailure as PageFormFailure } from "~/components/page-form";

/** Each form on Application Settings posts to a route of its own (app/routes/admin/settings/*). */
export const SETTINGS_FORM_ACTIONS = {
  branding: "/admin/settings/branding",
  "advert-limits": "/admin/settings/limits",
  "campaign-fee": "/admin/settings/fee",
  "auto-payout": "/admin/settings/auto-payout",
  "linked-accounts": "/admin/settings/linked-accounts",
  "withdrawal-limits": "/admin/settings/withdrawals",
  support: "/admin/settings/support",
} as const;

export type SettingsForm = keyof typeof SETTINGS_FORM_ACTIONS;

/** A refused submit rendered by the server: without JavaScript a form lands on its own route. */
export type RenderedFailure = PageFormFailure<SettingsForm>;

/** One Application Settings form (see usePageForm). */
export function useSettingsForm(form: SettingsForm, rendered: RenderedFailure | undefined) {
  return usePageForm("settings", form, SETTINGS_FORM_ACTIONS[form], rendered);
}
