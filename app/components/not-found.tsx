import { Link } from "react-router";
import { Button } from "~/components/ui/button";

export function NotFoundPage() {
  return (
    <div className="mx-auto max-w-lg py-12 text-center">
      <p className="text-5xl font-bold text-brand-600">404</p>
      <h1 className="mt-4 text-2xl font-bold">Page Not Found</h1>
      <p className="mt-3 text-gray-700">
        Oops! The page you&apos;re looking for doesn&apos;t seem to exist. It might have been moved, deleted, or maybe
        you just mistyped the URL.
      </p>
      <Button asChild className="mt-6">
        <Link to="/">Go back home</Link>
      </Button>
    </div>
  );
}
