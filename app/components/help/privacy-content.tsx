import { Link } from "react-router";
import { RECENT_SIGN_IN_ADDRESSES } from "~/domain/referrals/referral-abuse";
import { InfoList, InfoPage, InfoSection, SeeAlso, textLinkClass } from "./info-page";

// /privacy: what the platform stores and why, in plain words.

export function PrivacyContent({ appName }: { appName: string }) {
  return (
    <InfoPage title="Privacy" intro={`What ${appName} keeps about you, why, who sees it and for how long.`}>
      <InfoSection id="what-we-store" title="What we store and why">
        <InfoList>
          <li>
            <strong>Your name and email address</strong>: to run your account and send you its mails (confirmation,
            password reset, withdrawals, upgrades).
          </li>
          <li>
            <strong>Your password</strong>, stored only as a hash: nobody, not even an admin, can read it.
          </li>
          <li>
            <strong>The addresses (IP) and devices you sign in from</strong>: to keep your account safe (sign-in limits,
            known devices) and to tell one person from many accounts. With each account we keep the address it signed up
            from and the last {RECENT_SIGN_IN_ADDRESSES} it signed in from, the address and browser of each session, the
            networks it signs up and in from, a device id (a cookie), a fingerprint of the browser (read by a script on
            the sign-in and sign-up forms), the mailbox and the bank accounts it is paid into, each with when it was
            first and last seen. Accounts that share a phone or a bank account beyond what one person or family has are
            checked by an admin before referral rewards between them or automatic payouts are paid.
          </li>
          <li>
            <strong>How you view adverts</strong>: for each advert you open, how long its page was on screen (the page
            tells us when it is hidden or shown) and your answer to its question, so advertisers pay for views by
            people. Three wrong answers in a day are checked by an admin.
          </li>
          <li>
            <strong>Your bank details</strong>: to pay your withdrawals. The account name may be checked with the bank
            before it is saved.
          </li>
          <li>
            <strong>Your messages</strong> to and from admins and other members.
          </li>
          <li>
            <strong>A ledger of your money</strong>: every reward, withdrawal, fee and upgrade payment, so your balance
            is always exact.
          </li>
        </InfoList>
        <p>
          Online payments go through Paystack: we never see or store card numbers. We keep a session cookie to sign you
          in, a cookie that recognises devices you have signed in on, and a device id cookie set on your first visit; we
          use no advertising trackers.
        </p>
      </InfoSection>
      <InfoSection id="who-sees-what" title="Who sees what">
        <InfoList>
          <li>Admins see what they need to run the platform: names, emails, balances, withdrawals and bank details.</li>
          <li data-testid="privacy-sign-in-addresses">
            <strong>Your sign-in addresses</strong> are seen only by staff, and only by those whose work needs them:
            <ul className="mt-1.5 grid list-[circle] gap-1.5 pl-5">
              <li>
                Admins allowed to manage members, and the super admin, see on your account&apos;s admin page the address
                you signed up from and the last {RECENT_SIGN_IN_ADDRESSES} you signed in from, each with the other
                members who signed up or in from the same network, to spot one person holding several accounts (for
                example to refer themselves). A shared network alone never holds anything back: many people share one
                through their mobile network.
              </li>
              <li>
                Admins allowed to review linked accounts (a permission only the super admin gives) see what your account
                shares with others: a device, a bank account (its number masked), a mailbox, or a network together with
                the same browser fingerprint, each with when it was first and last seen, to decide whether held referral
                rewards and payouts are paid.
              </li>
              <li>
                The audit log records the address each audited change was made from: every admin action, and your own
                changes of bank details and freezing of payouts. Admins allowed to read reports see the whole log;
                admins allowed to manage members see the entries about you on your account&apos;s admin page.
              </li>
            </ul>
            <p className="mt-1.5">
              Other members, advertisers and the people you refer never see them; a member whose accounts are being
              checked sees only &quot;Under review&quot;.
            </p>
          </li>
          <li>Advertisers see figures about their campaigns, never a member&apos;s name or ID.</li>
          <li>
            The people you refer see nothing more about you than other members do; you see their names and the date they
            joined.
          </li>
          <li>
            When you are among the top referrers of a week, month or year, other members see your first name and the
            initial of your last name (&quot;Ada O.&quot;) on the referral leaderboard, with your number of approved
            referrals.
          </li>
        </InfoList>
      </InfoSection>
      <InfoSection id="how-long" title="How long we keep it">
        <p>
          Your details are kept while your account is open. Records of money (the ledger, withdrawals) and of
          admins&apos; actions are kept as financial records, even after an account is closed. The signals that tie
          accounts to one person (networks, device id, browser fingerprint, mailbox, bank accounts) are kept as long as
          the account.
        </p>
      </InfoSection>
      <InfoSection id="deletion" title="Asking for a copy or deletion">
        <p>
          Ask through{" "}
          <Link to="/contact" className={textLinkClass}>
            Contact
          </Link>
          , from the email address of your account. We delete or anonymise your personal details, except the records of
          money we must keep.
        </p>
      </InfoSection>
      <SeeAlso current="/privacy" />
    </InfoPage>
  );
}
