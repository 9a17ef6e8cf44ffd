import { Link } from "react-router";
import { ReferralRewardRule } from "~/components/referrals/referral-reward-rule";
import type { HelpFacts } from "~/domain/help/help-facts";
import { InfoList, InfoPage, InfoSection, InfoSubheading, SeeAlso, TableOfContents, textLinkClass } from "./info-page";

// /help: what members and advertisers ask, every figure from the live settings and tiers.

export const HELP_SECTIONS = [
  { id: "earning", title: "How earning works" },
  { id: "referrals", title: "Referral rewards" },
  { id: "upgrades", title: "Upgrading your membership" },
  { id: "withdrawals", title: "Withdrawals" },
  { id: "campaigns", title: "Campaigns for advertisers" },
  { id: "more-help", title: "More help" },
] as const;

const section = (id: (typeof HELP_SECTIONS)[number]["id"]) => HELP_SECTIONS.find((s) => s.id === id)!;

export function HelpContent({ facts }: { facts: HelpFacts }) {
  const { appName } = facts;
  return (
    <InfoPage
      title="Help"
      intro={`How ${appName} works: earning from adverts, referrals, upgrades, withdrawals and campaigns. The figures on this page are the ones in force right now.`}
    >
      <TableOfContents entries={HELP_SECTIONS} />
      <Earning facts={facts} />
      <Referrals facts={facts} />
      <Upgrades facts={facts} />
      <Withdrawals facts={facts} />
      <Campaigns facts={facts} />
      <InfoSection {...section("more-help")}>
        <p>
          Still stuck? Write to support from Messages once logged in, or see{" "}
          <Link to="/contact" className={textLinkClass}>
            Contact
          </Link>{" "}
          for the other ways to reach us.
        </p>
      </InfoSection>
      <SeeAlso current="/help" />
    </InfoPage>
  );
}

function Earning({ facts }: { facts: HelpFacts }) {
  return (
    <InfoSection {...section("earning")}>
      <p>
        Once an admin has approved your account, your dashboard lists the adverts you can view. Press{" "}
        <strong>View Advert</strong>, keep the advert open while the countdown runs (
        <strong data-testid="help-dwell">{facts.dwellSeconds} seconds</strong>), then claim your reward. Each advert
        pays you once, and you view one advert at a time: opening another ends the view in progress.
      </p>
      <p>How many adverts you can be paid for each day (Lagos time) depends on your membership tier:</p>
      <ul className="grid gap-2" data-testid="help-tiers">
        {facts.tiers.map((tier) => (
          <li
            key={tier.name}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 rounded-md border border-gray-200 bg-white px-3 py-2"
          >
            <span className="font-medium text-gray-900">
              {tier.name}{" "}
              <span className="font-normal text-gray-600">({tier.free ? tier.price : `${tier.price}, one-off`})</span>
            </span>
            <span className="tabular-nums">
              {tier.dailyAdViews} {tier.dailyAdViews === 1 ? "advert" : "adverts"} a day
            </span>
          </li>
        ))}
      </ul>
      <p>An advert stops once all its paid views are taken, so the list changes through the day.</p>
    </InfoSection>
  );
}

function Referrals({ facts }: { facts: HelpFacts }) {
  return (
    <InfoSection {...section("referrals")}>
      <p>
        Your referral code and link are on My Referrals and on your dashboard. Whoever registers with them is your
        referral; it shows as pending until their first upgrade is approved.
      </p>
      <ReferralRewardRule terms={facts.referralTerms} testId="help-referral-rule" />
      <InfoSubheading>Why is a reward &ldquo;On hold — under review&rdquo;?</InfoSubheading>
      <p>
        Rewards are for inviting other people. When a referral looks like it could be a self-referral, for example a
        second account of your own, its reward is held and an admin reviews it. The admin then releases it (it is paid
        as usual) or voids it (it is not paid). Nothing is dropped without a review, and we do not publish what prompts
        one.
      </p>
    </InfoSection>
  );
}

function Upgrades({ facts }: { facts: HelpFacts }) {
  const { payments } = facts;
  return (
    <InfoSection {...section("upgrades")}>
      <p>
        Press <strong>Upgrade</strong> on your dashboard and choose a higher tier. You pay the difference between the
        new tier&apos;s price and your current one&apos;s, once: a tier is a one-off payment, with nothing to renew, and
        it stays yours. You can have one request open at a time, and cancel it while it waits.
      </p>
      <InfoList>
        <li>
          <strong>From your balance</strong>, when it covers the price: the amount is held at once and an admin approves
          the request.
        </li>
        {payments.bankTransfer ? (
          <li data-testid="help-upgrade-bank-transfer">
            <strong>By bank transfer</strong> to the platform&apos;s account shown in the dialog, with the unique
            reference it gives you (such as UPG-7K2M9QXA) in the narration. An admin approves the request once the
            payment has arrived.
          </li>
        ) : null}
        {payments.online ? (
          <li data-testid="help-upgrade-online">
            <strong>Online with Paystack</strong> (card, bank transfer or USSD): the upgrade is approved as soon as
            Paystack confirms the payment.
          </li>
        ) : null}
      </InfoList>
      <p>A rejected or cancelled request returns any amount held to your balance.</p>
    </InfoSection>
  );
}

function Withdrawals({ facts }: { facts: HelpFacts }) {
  const w = facts.withdrawals;
  return (
    <InfoSection {...section("withdrawals")}>
      <p>
        Save your bank details on your Profile, in your own name, then request a withdrawal there. The amount is held
        from your balance at once; a rejected withdrawal returns it.
      </p>
      <dl className="grid gap-2 sm:grid-cols-2" data-testid="help-withdrawal-limits">
        <Figure term="Smallest withdrawal" value={w.min} />
        <Figure term="Largest withdrawal (members)" value={w.max} />
        <Figure term="Largest withdrawal (advertisers)" value={w.advertiserMax} />
        <Figure term="Withdrawal fee" value={w.feePercent} />
      </dl>
      <p>
        The fee is taken from the amount: withdrawing {w.example.amount} costs {w.example.fee}, and your bank receives{" "}
        {w.example.net}. The form shows both before you send it.
      </p>
      <InfoSubheading>When are withdrawals paid?</InfoSubheading>
      <p data-testid="help-payout-schedule">{w.schedule}</p>
    </InfoSection>
  );
}

function Campaigns({ facts }: { facts: HelpFacts }) {
  const { campaigns, payments, withdrawals } = facts;
  const ex = campaigns.example;
  return (
    <InfoSection {...section("campaigns")}>
      <p>
        Businesses sign up on{" "}
        <Link to="/advertise" className={textLinkClass}>
          Advertise with us
        </Link>
        . Once approved, you create a campaign: what members see, the reward per verified view and how many views you
        want.
      </p>
      <InfoSubheading>What a campaign costs</InfoSubheading>
      <p data-testid="help-campaign-fee">
        The budget is the rewards plus the platform fee of <strong>{campaigns.feePercent}</strong> of each reward. For
        example, {ex.reward} a view for {ex.views} views is {ex.rewards} in rewards plus {ex.fee} in fees: {ex.budget}.
        The form shows the budget before you send it.
      </p>
      <InfoSubheading>Paying, review and running</InfoSubheading>
      <InfoList>
        <li>You pay the whole budget up front, from your balance when it covers it.</li>
        {payments.bankTransfer ? (
          <li>
            Or by bank transfer to the platform&apos;s account with the campaign&apos;s reference (CMP-…): an admin
            confirms the payment.
          </li>
        ) : null}
        {payments.online ? <li>Or online with Paystack: the payment is confirmed at once.</li> : null}
        <li>
          An admin reviews the campaign, then activates it or rejects it with a reason (a rejected campaign&apos;s
          budget returns to your balance).
        </li>
        <li>
          While it runs, each verified view pays the member&apos;s reward and the fee from the campaign&apos;s budget.
        </li>
      </InfoList>
      <InfoSubheading>Refunds</InfoSubheading>
      <p>
        When a campaign ends, or you cancel it, whatever it has not spent returns to your advertiser balance, once. You
        can withdraw your balance on Payouts, up to {withdrawals.advertiserMax} a request.
      </p>
    </InfoSection>
  );
}

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div className="rounded-md border border-gray-200 bg-white px-3 py-2">
      <dt className="text-sm text-gray-600">{term}</dt>
      <dd className="text-lg font-semibold tabular-nums text-gray-900">{value}</dd>
    </div>
  );
}
