import { data } from "react-router";
import type { Route } from "./+types/page";
import { SettingsPage } from "~/components/settings-admin/settings-page";
import { requireAdmin } from "~/server/auth.server";

/**
 * The forms post to their own routes (/admin/settings/branding, …). A post to /admin/settings
 * itself comes from a page loaded before they moved: nothing is saved, and the answer says so.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context, "manage_settings", "Access Denied.");
  throw data({ message: "This form is out of date. Reload the page and try again." }, { status: 400 });
}

/** /admin/settings: the page; its forms post to the routes beside this one. */
export default function SettingsIndex() {
  return <SettingsPage />;
}
