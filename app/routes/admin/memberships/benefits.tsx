import type { Route } from "./+types/benefits";
import { MembershipsPage } from "~/components/memberships-admin/memberships-page";
import { benefitsField, tierBenefitsSchema } from "~/domain/memberships/benefits-validation";
import { updateTierBenefits } from "~/domain/memberships/update-benefits.server";
import { listTiers } from "~/domain/memberships/update-tiers.server";
import { actorFrom, forbidden, requireAdmin } from "~/server/auth.server";
import { echoValues, formFailure, parseForm, readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";

/** POST /admin/memberships/benefits: every tier's benefit lines at once. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "manage_memberships", "Access Denied.");
  const { db } = context.services;
  const values = await readForm(request);
  const tiers = await listTiers(db);
  const failure = {
    toastTitle: "Update Failed",
    values: echoValues(
      values,
      tiers.map((t) => benefitsField(t.id)),
    ),
  };
  const parsed = parseForm(tierBenefitsSchema(tiers), values, failure);
  if (parsed.status !== "ok") return parsed.failure;
  const result = await updateTierBenefits(db, actorFrom(admin, context), parsed.data);
  if (result.status === "forbidden") throw forbidden("Access Denied.");
  if (result.status === "invalid") return formFailure(result.errors, failure);
  return redirectWithToast(context, "/admin/memberships", {
    type: "success",
    title: "Benefits Updated",
    description: result.changed
      ? "Members now see these benefits when they choose an upgrade."
      : "Nothing changed: the benefits were already these.",
  });
}

/** The memberships page, with this form's refusal when it was posted without JavaScript. */
export default function MembershipsBenefits({ actionData }: Route.ComponentProps) {
  return <MembershipsPage rendered={actionData && { form: "benefits", failure: actionData }} />;
}
