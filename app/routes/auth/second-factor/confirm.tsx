import { Link, redirect } from "react-router";
import type { Route } from "./+types/confirm";
import { PasswordField } from "~/components/form-field";
import { SecondFactorCodeFields } from "~/components/second-factor/code-fields";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormError } from "~/components/ui/form-error";
import { homePathFor } from "~/domain/permissions/permissions";
import { findPendingAction } from "~/domain/sessions/sessions.server";
import { getSessionToken, requireMemberStaffOrAdvertiser } from "~/server/auth.server";
import { WRONG_CODE_MESSAGE } from "~/server/second-factor.server";
import { tooManyAttemptsMessage } from "~/server/rate-limit.server";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Confirm it's you");

/** What each guarded action is called on the confirmation page (by its path); others read "continue". */
const ACTION_NAMES: [RegExp, string][] = [
  [/^\/admin\/withdrawals\/pay$/, "pay via Paystack"],
  [/^\/admin\/withdrawals$/, "update a withdrawal"],
  [/^\/admin\/settings\/auto-payout$/, "change the automatic payout settings"],
  [/^\/admin\/settings\/withdrawals$/, "change the withdrawal limits"],
  [/^\/admin\/settings\/limits$/, "change the advert money limits"],
  [/^\/admin\/memberships$/, "decide on an upgrade payment"],
  [/^\/admin\/campaigns\/confirm-payment$/, "confirm a campaign's payment"],
  [/^\/admin\/risk\/decide$/, "decide on linked accounts"],
  [/^\/admin\/referrals\/review$/, "release or void a held referral reward"],
  [/^\/admin\/users\/[^/]+\/release-payouts$/, "release a member's payouts"],
  [/^\/admin\/reconciliation\/refund$/, "refund a payment"],
  [/^\/superadmin$/, "change an admin's access"],
  [/^\/profile\/bank-details$/, "change your bank details"],
  [/^\/profile\/withdraw$/, "request a withdrawal"],
  [/^\/security\/recovery-codes$/, "make new recovery codes"],
  [/^\/security\/turn-off$/, "turn off two-step verification"],
];

/**
 * A money action whose session proved its second factor more than 15 minutes ago lands here
 * (requireFreshFactor): the form it was given, kept on the session, is posted back to it with
 * the code, so nothing typed is lost. A plain form post: it works before JavaScript loads.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireMemberStaffOrAdvertiser(request, context);
  const token = await getSessionToken(request, context);
  const pending = token ? await findPendingAction(context.services.db, token) : null;
  // The path came from the action's own request; a path of this origin only, all the same.
  if (!pending || !/^\/(?!\/)/.test(pending.path)) throw redirect(homePathFor(user.role));
  const pathname = pending.path.split("?")[0]!;
  const wrong = new URL(request.url).searchParams.get("error") === "wrong-code";
  const wait = await context.services.rateLimits.blockedFor("secondFactor", user.id);
  return {
    pending,
    doing: ACTION_NAMES.find(([path]) => path.test(pathname))?.[1] ?? "continue",
    codeError: wrong && !wait ? WRONG_CODE_MESSAGE : undefined,
    formError: wait ? tooManyAttemptsMessage(wait) : undefined,
    home: homePathFor(user.role),
  };
}

export default function ConfirmSecondFactor({ loaderData }: Route.ComponentProps) {
  const { pending, doing, codeError, formError, home } = loaderData;
  return (
    <div className="mx-auto max-w-md">
      <Card>
        <h1 className="text-2xl font-bold">Confirm it&apos;s you</h1>
        <p className="mt-1 text-sm text-gray-600">
          To {doing}, enter the code from your authenticator app. We ask again when your last code was more than 15
          minutes ago; what you entered is kept.
        </p>
        {/* A document post straight to the action, with the form it was given and the code. */}
        <form method="post" action={pending.path} className="mt-6 grid gap-4" noValidate>
          <FormError message={formError} />
          {pending.fields.map(([name, value], index) => (
            <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
          ))}
          {(pending.askAgain ?? []).map((name) => (
            <PasswordField
              key={name}
              name={name}
              label={name === "currentPassword" ? "Your password" : "Password"}
              hint="Passwords are not kept while we ask for the code: type it again."
              autoComplete={name === "currentPassword" ? "current-password" : "new-password"}
              required
            />
          ))}
          <SecondFactorCodeFields error={codeError} />
          <Button type="submit" size="lg" className="w-full">
            Confirm
          </Button>
        </form>
        <p className="mt-4 text-center text-sm">
          <Link to={home} className="text-gray-600 underline hover:text-gray-900">
            Cancel
          </Link>
        </p>
      </Card>
    </div>
  );
}
