import type { Route } from "./+types/dashboard";
import { Card } from "~/components/ui/card";
import { requireAdmin } from "~/server/auth.server";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Admin Dashboard");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context);
  return { name: user.name, role: user.role };
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-bold">Admin Dashboard</h1>
      <Card>
        <p className="text-gray-700">Welcome, {loaderData.name}.</p>
      </Card>
    </div>
  );
}
