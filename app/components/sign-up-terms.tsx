import { Link } from "react-router";
import { textLinkClass } from "~/components/help/info-page";

/** Above a sign-up button (members' and businesses'): what signing up agrees to, and where to read it. */
export function SignUpTerms() {
  return (
    <p className="text-sm text-gray-600" data-testid="register-terms">
      By signing up you agree to the{" "}
      <Link to="/terms" className={textLinkClass}>
        Terms of Use
      </Link>
      . The{" "}
      <Link to="/privacy" className={textLinkClass}>
        Privacy
      </Link>{" "}
      page says what we keep about you and who sees it.
    </p>
  );
}
