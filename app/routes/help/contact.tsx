import type { Route } from "./+types/contact";
import { useAppName } from "~/components/app-name";
import { ContactContent } from "~/components/help/contact-content";
import { readSupportChannels } from "~/domain/help/help-pages.server";
import { maySendMessages } from "~/domain/messages/rules";
import { isStaff } from "~/domain/permissions/permissions";
import { getCurrentUser } from "~/server/auth.server";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageTitle(matches, "Contact Us"),
  { name: "description", content: "How to reach the support team: email, phone and WhatsApp." },
];

/** GET /contact: public, signed in or not; the support channels set in Application Settings. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [channels, user] = await Promise.all([
    readSupportChannels(context.services.db),
    getCurrentUser(request, context),
  ]);
  // Whoever may write to support on /messages: an approved member, or an advertiser.
  return { channels, canMessage: user !== null && !isStaff(user.role) && maySendMessages(user) };
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const appName = useAppName();
  return <ContactContent appName={appName} channels={loaderData.channels} canMessage={loaderData.canMessage} />;
}
