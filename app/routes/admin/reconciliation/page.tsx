import { data } from "react-router";
import type { Route } from "./+types/page";
import { ReconciliationPage } from "~/components/payments-admin/reconciliation-page";
import { requireReconciliationAdmin } from "./reconciliation.server";

/** The Mark resolved form posts to its own route (/admin/reconciliation/resolve): nothing posts here. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireReconciliationAdmin(request, context);
  throw data({ message: "This form is out of date. Reload the page and try again." }, { status: 400 });
}

/** /admin/reconciliation: the page; its form posts to the route beside this one. */
export default function ReconciliationIndex() {
  return <ReconciliationPage />;
}
