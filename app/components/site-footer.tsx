import { Link } from "react-router";
import { INFO_PAGES } from "~/components/help/info-page";
import { lagosDay } from "~/lib/lagos-time";

export function SiteFooter({ appName }: { appName: string }) {
  return (
    <footer className="mt-auto border-t border-gray-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-3 px-4 py-6 text-sm text-gray-600">
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-5 gap-y-1">
            {/* The public information pages, on every page. */}
            {INFO_PAGES.map((link) => (
              <li key={link.to}>
                {/* A plain link with room to tap: 44 px tall on a phone. */}
                <Link
                  to={link.to}
                  className="inline-flex min-h-11 items-center font-medium text-gray-700 underline-offset-2 hover:text-brand-700 hover:underline sm:min-h-0"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-col gap-1 sm:flex-row sm:justify-between">
          <p>
            {/* The Lagos year, so the server and the browser render the same one. */}©{" "}
            {lagosDay(new Date()).slice(0, 4)} {appName}. All rights reserved.
          </p>
          <p>Built with care in Lagos by AdNaira Technologies.</p>
        </div>
      </div>
    </footer>
  );
}
