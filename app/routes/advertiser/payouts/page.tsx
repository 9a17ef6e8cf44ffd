import { data } from "react-router";
import type { Route } from "./+types/page";
import { PayoutsPage } from "~/components/advertiser/payouts-page";
import { requireAdvertiser } from "~/server/auth.server";

/** The forms post to their own routes (/advertiser/payouts/bank-details, …): nothing posts here. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdvertiser(request, context);
  throw data({ message: "This form is out of date. Reload the page and try again." }, { status: 400 });
}

/** /advertiser/payouts: the page; its forms post to the routes beside this one. */
export default function PayoutsIndex() {
  return <PayoutsPage />;
}
