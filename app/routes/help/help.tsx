import type { Route } from "./+types/help";
import { HelpContent } from "~/components/help/help-content";
import { readHelpFacts } from "~/domain/help/help-pages.server";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageTitle(matches, "Help"),
  {
    name: "description",
    content:
      "How earning from adverts, referral rewards, upgrades, withdrawals and advertisers' campaigns work, with the limits and fees in force.",
  },
];

/** GET /help: public, signed in or not; every figure from the live settings and tiers. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, paymentProvider } = context.services;
  return { facts: await readHelpFacts(db, { online: Boolean(paymentProvider) }) };
}

export default function Help({ loaderData }: Route.ComponentProps) {
  return <HelpContent facts={loaderData.facts} />;
}
