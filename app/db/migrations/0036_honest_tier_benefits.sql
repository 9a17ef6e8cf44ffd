-- Issue 40: the default tier benefits say only what the platform delivers. Each tier whose lines
-- are still exactly the old defaults (the spec's, and Basic's "Earn by clicking adverts") gets the
-- new ones (app/domain/memberships/default-tiers.ts); a tier whose lines an admin edited keeps them.
UPDATE "membership_tiers" SET "benefits" = ARRAY[
  'Earn naira for each advert you view, up to your daily advert limit',
  'Refer friends with your link: My Referrals shows what each referral earns',
  'Withdraw your earnings to your Nigerian bank account'
]::text[], "updated_at" = now()
WHERE "id" = 'basic' AND "benefits" = ARRAY['Earn by clicking adverts']::text[];
--> statement-breakpoint
UPDATE "membership_tiers" SET "benefits" = ARRAY[
  'Everything in Basic Member',
  'A higher daily advert limit than Basic Member, from the moment your upgrade is approved',
  'Paid once: the tier stays yours, with nothing to renew'
]::text[], "updated_at" = now()
WHERE "id" = 'bronze' AND "benefits" = ARRAY[
  '40% of the registration fee from referrals',
  'Earn by clicking adverts',
  'Immediate withdrawal'
]::text[];
--> statement-breakpoint
UPDATE "membership_tiers" SET "benefits" = ARRAY[
  'Everything in Advert Bronze',
  'A higher daily advert limit than Advert Bronze, from the moment your upgrade is approved',
  'Paid once: the tier stays yours, with nothing to renew'
]::text[], "updated_at" = now()
WHERE "id" = 'silver' AND "benefits" = ARRAY[
  '40% of the registration fee from referrals',
  'Earn by clicking adverts',
  'Immediate withdrawal',
  'Weekly competitions, quizzes and contests'
]::text[];
--> statement-breakpoint
UPDATE "membership_tiers" SET "benefits" = ARRAY[
  'Everything in Advert Silver',
  'A higher daily advert limit than Advert Silver, from the moment your upgrade is approved',
  'Paid once: the tier stays yours, with nothing to renew'
]::text[], "updated_at" = now()
WHERE "id" = 'gold' AND "benefits" = ARRAY[
  '40% of the registration fee from referrals',
  'Earn by clicking adverts',
  'Immediate withdrawal',
  'Weekly competitions, quizzes and contests',
  'All learning hub courses and completion certificates'
]::text[];
--> statement-breakpoint
UPDATE "membership_tiers" SET "benefits" = ARRAY[
  'Everything in Advert Gold',
  'A higher daily advert limit than Advert Gold, from the moment your upgrade is approved',
  'Paid once: the tier stays yours, with nothing to renew'
]::text[], "updated_at" = now()
WHERE "id" = 'vip' AND "benefits" = ARRAY[
  '40% of the registration fee from referrals',
  'Earn by clicking adverts',
  'Immediate withdrawal',
  'Weekly competitions, quizzes and contests',
  'All learning hub courses and completion certificates',
  'Listing on the career hub',
  'Own an LED minute of advert time',
  '80% of completed gigs or tasks'
]::text[];
