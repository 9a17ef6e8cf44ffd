import { cn } from "~/lib/cn";

/**
 * A header or area navigation link (a NavLink's className): the current page underlined, as in
 * the advertiser's and the admin's navs.
 */
export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-1.5 py-2 text-sm sm:px-2 font-medium text-gray-700 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600",
    isActive && "text-brand-700 underline underline-offset-4",
  );
