import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundPage } from "~/components/not-found";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Page Not Found");

export const loader = () => data(null, { status: 404 });
export const action = () => data(null, { status: 404 });

export default NotFoundPage;
