import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { endSession } from "~/server/auth.server";
import { redirectWithToast } from "~/server/toast.server";

// Signing out changes state, so it is a POST; a GET just goes home.
export const loader = () => redirect("/");

export async function action({ request, context }: Route.ActionArgs) {
  const cookie = await endSession(request, context);
  return redirectWithToast(
    context,
    "/",
    { type: "success", title: "Logged Out", description: "You have been successfully logged out." },
    { headers: { "Set-Cookie": cookie } },
  );
}
