import type { Route } from "./+types/privacy";
import { useAppName } from "~/components/app-name";
import { PrivacyContent } from "~/components/help/privacy-content";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageTitle(matches, "Privacy"),
  {
    name: "description",
    content: "What we store about you and why, who sees it, how long we keep it and how to ask for its deletion.",
  },
];

/** GET /privacy: public, signed in or not. */
export default function Privacy() {
  const appName = useAppName();
  return <PrivacyContent appName={appName} />;
}
