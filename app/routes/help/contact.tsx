import type { Route } from "./+types/contact";
import { useAppName } from "~/components/app-name";
import { ContactContent, type ContactAudience } from "~/components/help/contact-content";
import { readSupportChannels } from "~/domain/help/help-pages.server";
import { maySendMessages } from "~/domain/messages/rules";
import { isStaff } from "~/domain/permissions/permissions";
import { getCurrentUser } from "~/server/auth.server";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageTitle(matches, "Contact Us"),
  { name: "description", content: "How to reach the support team: Messages, and email, phone or WhatsApp where set." },
];

/** GET /contact: public, signed in or not; Messages, and the support channels set in Application Settings. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [channels, user] = await Promise.all([
    readSupportChannels(context.services.db),
    getCurrentUser(request, context),
  ]);
  // Who may write to support on /messages: an approved member or an advertiser; a member waiting
  // for approval once approved; a visitor once logged in. Staff answer there.
  const audience: ContactAudience =
    user === null ? "visitor" : isStaff(user.role) ? "staff" : maySendMessages(user) ? "write" : "pending";
  return { channels, audience };
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const appName = useAppName();
  return <ContactContent appName={appName} channels={loaderData.channels} audience={loaderData.audience} />;
}
