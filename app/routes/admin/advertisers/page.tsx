import { data } from "react-router";
import type { Route } from "./+types/page";
import { AdvertisersPage } from "~/components/advertisers-admin/advertisers-page";
import { requireAdvertisersAdmin } from "./advertisers.server";

/** The decisions post to their own routes (/admin/advertisers/approve, …): nothing posts here. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdvertisersAdmin(request, context);
  throw data({ message: "This form is out of date. Reload the page and try again." }, { status: 400 });
}

/** /admin/advertisers: the page; its decisions post to the routes beside this one. */
export default function AdvertisersIndex() {
  return <AdvertisersPage />;
}
