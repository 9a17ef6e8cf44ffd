import type { Route } from "./+types/messages";
import { UpcomingSection } from "~/components/section-page";
import { requireUser } from "~/server/auth.server";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Messages");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return null;
}

export default function Page() {
  return (
    <UpcomingSection
      title="Messages"
      summary="Send messages to other members by their user ID and read the messages sent to you."
    />
  );
}
