import { describe, it } from "vitest";
import { createUser } from "~test/factories";
import {
  DESKTOP,
  dismissToast,
  expectNoA11yViolations,
  MISMATCHED_REGISTRATION,
  MOBILE,
  setUpBrowserSuite,
  signedInPage,
  submitRegistration,
  visit,
} from "./support/browser";

const suite = setUpBrowserSuite();

describe.each([
  ["mobile", MOBILE],
  ["desktop", DESKTOP],
] as const)("axe-core: no serious or critical violations (%s)", (_label, viewport) => {
  it.each(["/", "/login", "/register", "/no-such-page"])("%s", async (pathname) => {
    const session = await suite.open(viewport);
    await visit(session.page, pathname);
    await expectNoA11yViolations(session.page);
  });

  it("/register with field errors and the mismatch toast", async () => {
    const session = await suite.open(viewport);
    const { page } = session;
    await visit(page, "/register");
    await submitRegistration(page, MISMATCHED_REGISTRATION);
    await page.getByText("Passwords don't match!").first().waitFor();
    await expectNoA11yViolations(page);
  });

  it("/dashboard (signed in, pending approval), with the toast and the account menu", async () => {
    const user = await createUser(suite.app.services.db, { name: "Oluwaseun Adebayo", isApproved: false });
    const { page } = await signedInPage(suite, user, viewport, { keepToast: true });
    await expectNoA11yViolations(page);

    await dismissToast(page);
    await page.getByRole("button", { name: "Account menu for Oluwaseun Adebayo" }).click();
    await page.getByRole("menu").waitFor({ state: "visible" });
    // The open menu is modal: Radix traps focus in it and aria-hides the rest of the page,
    // which still holds links. axe's aria-hidden-focus cannot see the focus trap, so it is
    // off for this one check (the same pages pass it with the menu closed, above).
    await expectNoA11yViolations(page, { disableRules: ["aria-hidden-focus"] });
  });
});
