import { data, Link, useActionData, useLocation, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/superadmin";
import { AdminList } from "~/components/admin/admin-list";
import { CreateAdminForm } from "~/components/admin/create-admin-form";
import { useToastFrom } from "~/components/ui/toaster";
import { errorToast, type Toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { CreateAdminSchema } from "~/domain/accounts/validation";
import {
  CREATE_ADMIN_REFUSALS,
  createAdmin,
  DEACTIVATE_ADMIN_REFUSALS,
  deactivateAdmin,
  listActiveAdmins,
  RESET_SECOND_FACTOR_REFUSALS,
  resetAdminSecondFactor,
  SET_ADMIN_PERMISSIONS_REFUSALS,
  setAdminPermissions,
} from "~/domain/admins/admins.server";
import { DEFAULT_ADMIN_PERMISSIONS, PERMISSIONS } from "~/domain/permissions/permissions";
import { actorFrom, requireSuperAdmin } from "~/server/auth.server";
import { actionAnswer, echoValues, formFailure, parseForm, readFormWithLists } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import { pageTitle } from "~/lib/meta";
import { requireFreshFactor } from "~/server/second-factor.server";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Super Admin Dashboard");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSuperAdmin(request, context);
  const admins = await listActiveAdmins(context.services.db);
  return {
    admins: admins.map((a) => ({
      id: a.id,
      displayId: a.displayId,
      name: a.name,
      email: a.email,
      permissions: a.permissions,
      joined: a.createdAt.toISOString(),
    })),
  };
}

const IntentSchema = z.object({
  intent: z.enum(["create-admin", "set-permissions", "deactivate", "reset-second-factor"]),
});
const PermissionList = z
  .array(z.enum(PERMISSIONS, { error: "Choose permissions from the list" }))
  .max(PERMISSIONS.length);
const AdminId = z.string({ error: "Choose an admin" }).trim().min(1, "Choose an admin").max(64);
const CreateAdminInput = CreateAdminSchema.extend({ permissions: PermissionList });
const SetPermissionsInput = z.object({ adminId: AdminId, permissions: PermissionList });
const AdminInput = z.object({ adminId: AdminId });

const CREATE_ECHO = ["name", "email"] as const;
/** The create form's field each refusal is shown on. */
const CREATE_REFUSAL_FIELDS: Record<keyof typeof CREATE_ADMIN_REFUSALS, "form" | "password" | "email"> = {
  forbidden: "form",
  "common-password": "password",
  "email-taken": "email",
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSuperAdmin(request, context);
  await requireFreshFactor(request, context);
  const { db } = context.services;
  const actor = actorFrom(user, context);
  const {
    fields,
    lists: { permissions },
  } = await readFormWithLists(request, ["permissions"]);
  const form = { ...fields, permissions };
  const intent = IntentSchema.safeParse(form);
  if (!intent.success) throw data({ message: "Unknown action." }, { status: 400 });

  switch (intent.data.intent) {
    case "create-admin": {
      // Echoed into the form on failure; the permissions travel as one comma-separated value.
      const failed = {
        toastTitle: "Admin Creation Failed",
        values: { ...echoValues(fields, CREATE_ECHO), permissions: permissions.join(",") },
      };
      const parsed = parseForm(CreateAdminInput, form, failed);
      if (parsed.status !== "ok") return parsed.failure;
      const result = await createAdmin(db, actor, parsed.data);
      if (result.status !== "ok") {
        return formFailure({ [CREATE_REFUSAL_FIELDS[result.status]]: CREATE_ADMIN_REFUSALS[result.status] }, failed);
      }
      return redirectWithToast(context, "/superadmin", {
        type: "success",
        title: "Admin Created",
        description: `Admin ${parsed.data.name} created successfully.`,
      });
    }
    case "set-permissions": {
      const parsed = parseForm(SetPermissionsInput, form, { toastTitle: "Update Failed" });
      if (parsed.status !== "ok") return parsed.failure;
      const result = await setAdminPermissions(db, actor, parsed.data.adminId, parsed.data.permissions);
      if (result.status !== "ok") {
        return formFailure(
          { form: SET_ADMIN_PERMISSIONS_REFUSALS[result.status] },
          { toastTitle: "Update Failed", status: 409 },
        );
      }
      const toast: Toast = result.changed
        ? {
            type: "success",
            title: "Permissions Updated",
            description: `${result.name}'s permissions have been updated.`,
          }
        : { type: "info", title: "No changes to save." };
      return actionAnswer(toast);
    }
    // A button behind a confirmation, not a form: refusals are toasts.
    case "deactivate": {
      const parsed = AdminInput.safeParse(form);
      if (!parsed.success) return actionAnswer(errorToast("Action Failed", "Choose an admin"));
      const result = await deactivateAdmin(db, actor, parsed.data.adminId);
      if (result.status !== "ok") {
        const refusal = errorToast("Action Failed", DEACTIVATE_ADMIN_REFUSALS[result.status]);
        return actionAnswer(refusal, { status: 409, intent: "deactivate" });
      }
      return actionAnswer({
        type: "success",
        title: "Admin Deactivated",
        description: `${result.name} can no longer sign in.`,
      });
    }
    case "reset-second-factor": {
      const parsed = AdminInput.safeParse(form);
      if (!parsed.success) return actionAnswer(errorToast("Action Failed", "Choose an admin"));
      const result = await resetAdminSecondFactor(db, actor, parsed.data.adminId);
      if (result.status !== "ok") {
        const refusal = errorToast("Action Failed", RESET_SECOND_FACTOR_REFUSALS[result.status]);
        return actionAnswer(refusal, { status: 409, intent: "reset-second-factor" });
      }
      return actionAnswer({
        type: "success",
        title: "Two-Step Verification Reset",
        description: `${result.name} has been signed out and sets up two-step verification again at their next login.`,
      });
    }
  }
}

/** A refusal (409: the admin was changed or deactivated meanwhile) reloads the list so it shows the truth. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 ? true : defaultShouldRevalidate;
}

export default function SuperAdminDashboard({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const submitting = useNavigation().state === "submitting";
  useToastFrom(actionData?.toast);
  const failure = actionData && "errors" in actionData ? actionData : undefined;
  const echoed = failure?.values;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Super Admin Dashboard</h1>
        <div className="flex flex-wrap gap-2">
          {/* Every admin screen is reached from there (its quick actions and the admin navigation). */}
          <Button asChild>
            <Link to="/admin">Admin Dashboard</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/admin/audit">Audit Log</Link>
          </Button>
        </div>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <Card aria-labelledby="create-admin-heading">
          <CardTitle id="create-admin-heading">Create New Admin</CardTitle>
          <CardDescription>The new admin can sign in at once with this email and password.</CardDescription>
          <CreateAdminForm
            key={location.key}
            errors={failure?.errors ?? {}}
            values={
              echoed && {
                name: echoed.name,
                email: echoed.email,
                permissions: echoed.permissions ? echoed.permissions.split(",") : [],
              }
            }
            defaultPermissions={DEFAULT_ADMIN_PERMISSIONS}
            submitting={submitting}
          />
        </Card>
        <AdminList admins={loaderData.admins} />
      </div>
    </div>
  );
}
