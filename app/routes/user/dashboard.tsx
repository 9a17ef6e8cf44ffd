import { Clock } from "lucide-react";
import type { Route } from "./+types/dashboard";
import { requireUserDashboard } from "~/server/auth.server";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Dashboard");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUserDashboard(request, context);
  return { name: user.name, membershipName: user.membershipName || "Basic Member", isApproved: user.isApproved };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">Welcome, {loaderData.name}!</h1>
        <p className="mt-1 text-gray-600">
          Membership: <span className="font-medium text-gray-900">{loaderData.membershipName}</span>
        </p>
      </header>
      {loaderData.isApproved ? null : (
        <div
          role="status"
          className="flex items-start gap-3 rounded-md border border-yellow-300 bg-yellow-50 p-4 text-yellow-900"
          data-testid="pending-approval"
        >
          <Clock className="mt-0.5 h-5 w-5 shrink-0 text-yellow-700" aria-hidden />
          <div>
            <p className="font-semibold">Your account is pending approval</p>
            <p className="mt-1 text-sm">
              An admin will review your account soon. Once it is approved you can view adverts and start earning.
            </p>
          </div>
        </div>
      )}
    </div>
  );
}
