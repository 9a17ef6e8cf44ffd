import { data } from "react-router";
import type { Route } from "./+types/page";
import { CampaignsPage } from "~/components/campaigns-admin/campaigns-page";
import { requireCampaignsAdmin } from "./campaigns.server";

/** The forms post to their own routes (/admin/campaigns/activate, …): nothing posts here. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireCampaignsAdmin(request, context);
  throw data({ message: "This form is out of date. Reload the page and try again." }, { status: 400 });
}

/** /admin/campaigns: the page; its forms post to the routes beside this one. */
export default function CampaignsIndex() {
  return <CampaignsPage />;
}
