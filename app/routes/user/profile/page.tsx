import { data } from "react-router";
import type { Route } from "./+types/page";
import { ProfilePage } from "~/components/profile/profile-page";
import { requireMemberOrStaff } from "~/server/auth.server";

/**
 * The forms post to their own routes (/profile/name, …). A post to /profile itself comes from a
 * page loaded before they moved (its `intent` field named the form): nothing is saved, and the
 * answer says so.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requireMemberOrStaff(request, context);
  throw data({ message: "This form is out of date. Reload the page and try again." }, { status: 400 });
}

/** /profile: the page; its forms post to the routes beside this one. */
export default function ProfileIndex() {
  return <ProfilePage />;
}
