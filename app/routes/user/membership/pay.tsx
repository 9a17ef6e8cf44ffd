import { z } from "zod";
import type { Route } from "./+types/pay";
import { UpgradePage } from "~/components/membership/upgrade-page";
import { requireMember } from "~/server/auth.server";
import { parseForm, readForm } from "~/server/forms.server";
import { upgradeCheckout } from "~/server/online-payments.server";

const PaySchema = z.object({ requestId: z.string({ error: "No request to pay." }).min(1).max(100) });

/**
 * POST /membership/upgrade/pay: "Try again" on the member's pending online request: a new
 * checkout (or the open one, or, paid meanwhile, its settlement) and a 302 to Paystack.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireMember(request, context);
  const parsed = parseForm(PaySchema, await readForm(request), { toastTitle: "Payment Not Started" });
  if (parsed.status !== "ok") return parsed.failure;
  return upgradeCheckout(context, user.id, parsed.data.requestId);
}

/** The upgrade page (also what a GET here shows: it changes nothing). */
export default function PayUpgrade({ actionData }: Route.ComponentProps) {
  return <UpgradePage rendered={actionData && { form: "cancel", failure: actionData }} />;
}
