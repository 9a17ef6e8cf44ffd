import { useState } from "react";
import { Link } from "react-router";
import { useHydrated } from "~/components/ui/use-hydrated";
import { Button, buttonVariants } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { UPGRADE_PRICE_TEXT, UPGRADE_REQUEST_PATH, type UpgradeView } from "~/domain/memberships/upgrade-view";
import { UpgradeForm } from "./upgrade-form";

/**
 * "Upgrade" beside the membership name. With JavaScript it opens the Membership Upgrade dialog;
 * before that (or without it) it is a link to the upgrade page, which renders the same form.
 */
export function UpgradeButton({ view }: { view: UpgradeView }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  if (!hydrated) {
    return (
      <Link to={UPGRADE_REQUEST_PATH} className={buttonVariants({ size: "sm" })}>
        Upgrade
      </Link>
    );
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" size="sm">
          Upgrade
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogTitle>Membership Upgrade</DialogTitle>
        <DialogDescription>
          You are on {view.currentTier.name} ({view.currentTier.dailyAdViews} adverts a day). {UPGRADE_PRICE_TEXT}
        </DialogDescription>
        <div className="mt-4">
          <UpgradeForm
            view={view}
            cancel={
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  Cancel
                </Button>
              </DialogClose>
            }
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
