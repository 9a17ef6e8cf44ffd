import { lagosDay } from "~/lib/lagos-time";

export function SiteFooter({ appName }: { appName: string }) {
  return (
    <footer className="mt-auto border-t border-gray-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-6 text-sm text-gray-600 sm:flex-row sm:justify-between">
        <p>
          {/* The Lagos year, so the server and the browser render the same one. */}© {lagosDay(new Date()).slice(0, 4)}{" "}
          {appName}. All rights reserved.
        </p>
        <p>Built with care in Lagos by AdNaira Technologies.</p>
      </div>
    </footer>
  );
}
