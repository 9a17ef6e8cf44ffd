import type { Route } from "./+types/superadmin";
import { Card } from "~/components/ui/card";
import { requireSuperAdmin } from "~/server/auth.server";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Super Admin Dashboard");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSuperAdmin(request, context);
  return { name: user.name };
}

export default function SuperAdminDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-bold">Super Admin Dashboard</h1>
      <Card>
        <p className="text-gray-700">Welcome, {loaderData.name}.</p>
      </Card>
    </div>
  );
}
