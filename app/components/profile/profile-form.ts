import { usePageForm, type PageFormStep, type RenderedFailure as PageFormFailure } from "~/components/page-form";
import type { BankCheckAnswer } from "~/domain/banks/validation";

/** Each form on the profile page posts to a route of its own (app/routes/user/profile/*). */
export const PROFILE_FORM_ACTIONS = {
  name: "/profile/name",
  password: "/profile/password",
  "bank-details": "/profile/bank-details",
  withdraw: "/profile/withdraw",
} as const;

export type ProfileForm = keyof typeof PROFILE_FORM_ACTIONS;

/** A refused submit rendered by the server: without JavaScript a form lands on its own route. */
export type RenderedFailure = PageFormFailure<ProfileForm, ProfileFormStep>;

/** The one step a profile form answers: the bank details' checked account, to confirm. */
export type ProfileFormStep = BankCheckAnswer & PageFormStep;

/**
 * One profile form (see usePageForm). Another page with the same form (the advertiser's
 * payouts) names its own route as `action`.
 */
export function useProfileForm(form: ProfileForm, rendered: RenderedFailure | undefined, action?: string) {
  return usePageForm<ProfileForm, ProfileFormStep>("profile", form, action ?? PROFILE_FORM_ACTIONS[form], rendered);
}
