CREATE TYPE "public"."attention_check_result" AS ENUM('passed', 'failed');--> statement-breakpoint
ALTER TABLE "advert_views" ADD COLUMN "visibility_reported" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "advert_views" ADD COLUMN "visible_ms" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "advert_views" ADD COLUMN "visible_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "advert_views" ADD COLUMN "check_question" text;--> statement-breakpoint
ALTER TABLE "advert_views" ADD COLUMN "check_choices" text[];--> statement-breakpoint
ALTER TABLE "advert_views" ADD COLUMN "check_answer_index" smallint;--> statement-breakpoint
ALTER TABLE "advert_views" ADD COLUMN "check_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "advert_views" ADD COLUMN "check_result" "attention_check_result";--> statement-breakpoint
ALTER TABLE "advert_views" ADD COLUMN "check_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "advert_views" ADD COLUMN "check_failed_day" date;--> statement-breakpoint
ALTER TABLE "adverts" ADD COLUMN "check_question" text;--> statement-breakpoint
ALTER TABLE "adverts" ADD COLUMN "check_answer" text;--> statement-breakpoint
ALTER TABLE "adverts" ADD COLUMN "check_wrong_answers" text[];--> statement-breakpoint
CREATE INDEX "advert_views_failed_checks_idx" ON "advert_views" USING btree ("user_id","check_failed_day") WHERE "advert_views"."check_failed_day" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "advert_views" ADD CONSTRAINT "advert_views_visible_ms" CHECK ("advert_views"."visible_ms" >= 0);--> statement-breakpoint
ALTER TABLE "advert_views" ADD CONSTRAINT "advert_views_check_issued" CHECK (("advert_views"."check_issued_at" IS NULL) = ("advert_views"."check_choices" IS NULL) AND ("advert_views"."check_issued_at" IS NULL) = ("advert_views"."check_answer_index" IS NULL) AND ("advert_views"."check_result" IS NULL OR "advert_views"."check_issued_at" IS NOT NULL) AND ("advert_views"."check_result" IS NULL) = ("advert_views"."check_answered_at" IS NULL) AND ("advert_views"."check_failed_day" IS NOT NULL) = ("advert_views"."check_result" IS NOT DISTINCT FROM 'failed'));--> statement-breakpoint
ALTER TABLE "adverts" ADD CONSTRAINT "adverts_check_complete" CHECK (("adverts"."check_question" IS NULL) = ("adverts"."check_answer" IS NULL) AND ("adverts"."check_question" IS NULL) = ("adverts"."check_wrong_answers" IS NULL) AND ("adverts"."check_wrong_answers" IS NULL OR cardinality("adverts"."check_wrong_answers") = 3));--> statement-breakpoint
-- claim_advert_reward with the time seen and the attention check (issue 39, decision 028). New
-- parameters: the member's pick (p_answer, an index into the choices shown; null: none) and how
-- much one visibility report may add (p_report_cap_ms). New outcomes: check-due (the countdown
-- ended and no check is set yet: the app sets one), check-required (set, not answered: its
-- question and choices are returned), check-failed (a wrong pick voided the view; failed_today:
-- the member's wrong picks today, null when it was voided before). too-early returns wait_ms
-- instead of started_at and dwell_seconds: the visible time may be what is short. Today's claims
-- are counted once, under the member's lock, instead of in the slot's UPDATE. Written by hand.
DROP FUNCTION claim_advert_reward(text, text, timestamptz, date, text, text, text, text, text, text, text);
--> statement-breakpoint
CREATE FUNCTION claim_advert_reward(
  p_user_id text, p_advert_id text, p_now timestamptz, p_lagos_day date, p_idempotency_key text,
  p_transfer_id text, p_debit_entry_id text, p_credit_entry_id text,
  p_fee_transfer_id text, p_fee_debit_entry_id text, p_fee_credit_entry_id text,
  p_answer smallint, p_report_cap_ms integer
) RETURNS TABLE (
  outcome text, reward_kobo bigint, view_id text, transfer_id text, daily_limit integer,
  wait_ms bigint, check_question text, check_choices text[], failed_today integer
) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  s record;
  claims_today bigint;
  visible_ms bigint;
  m record;
  paying_campaign_id text;
  fee bigint;
  escrow_id text;
  reward bigint;
  clicks integer;
  slots integer;
  debit_id text;
  fees_id text;
BEGIN
  -- 1. Member and view, locked in that order (users first, as every member lock), with the
  --    advert, the dwell setting and the member's available account.
  SELECT u.role, u.is_approved, u.is_restricted, t.daily_ad_views,
         v.id AS view_id, v.started_at, v.claimed_at,
         v.visibility_reported, v.visible_ms, v.visible_since,
         v.check_question, v.check_choices, v.check_answer_index, v.check_issued_at, v.check_result,
         advert_is_live(a.is_active, a.starts_at, a.ends_at, p_now) AS is_live,
         a.current_clicks, a.max_clicks,
         (SELECT st.advert_dwell_seconds FROM app_settings st WHERE st.id = 1) AS dwell_seconds,
         (SELECT la.id FROM ledger_accounts la WHERE la.user_id = u.id AND la.kind = 'user_available') AS account_id
    INTO s
    FROM users u
    JOIN membership_tiers t ON t.id = u.membership_tier_id
    JOIN advert_views v ON v.user_id = u.id AND v.advert_id = p_advert_id
    JOIN adverts a ON a.id = v.advert_id
   WHERE u.id = p_user_id
     FOR NO KEY UPDATE OF u, v;
  IF NOT FOUND THEN
    SELECT u.role, u.is_approved, u.is_restricted INTO m FROM users u WHERE u.id = p_user_id FOR NO KEY UPDATE;
    IF NOT FOUND OR m.role <> 'user' THEN
      outcome := 'not-member';
    ELSIF NOT m.is_approved OR m.is_restricted THEN
      outcome := 'not-approved';
    ELSIF NOT EXISTS (SELECT 1 FROM adverts a WHERE a.id = p_advert_id AND advert_is_live(a.is_active, a.starts_at, a.ends_at, p_now)) THEN
      outcome := 'not-found';
    ELSE
      outcome := 'not-started';
    END IF;
    RETURN NEXT;
    RETURN;
  END IF;
  IF s.dwell_seconds IS NULL THEN
    RAISE EXCEPTION 'claim_advert_reward: no advert dwell time setting (app_settings row 1)';
  END IF;
  -- Read after the member's lock: every earlier claim of theirs is counted.
  SELECT count(*) INTO claims_today FROM advert_views av WHERE av.user_id = p_user_id AND av.lagos_day = p_lagos_day;
  -- Time seen (decision 028): what the page's reports added, and the open stretch since its last
  -- "visible" report, capped as one report is.
  visible_ms := s.visible_ms + CASE WHEN s.visible_since IS NULL THEN 0
    ELSE least(greatest(floor(extract(epoch FROM p_now - s.visible_since) * 1000), 0), p_report_cap_ms)::bigint END;
  IF s.role <> 'user' THEN
    outcome := 'not-member';
  ELSIF NOT s.is_approved OR s.is_restricted THEN
    outcome := 'not-approved';
  ELSIF NOT s.is_live THEN
    outcome := 'not-found';
  ELSIF s.claimed_at IS NOT NULL THEN
    outcome := 'already-claimed';
  ELSIF s.check_result = 'failed' THEN
    -- Voided by a wrong pick before: nothing is counted again (failed_today stays null).
    outcome := 'check-failed';
  ELSIF s.current_clicks >= s.max_clicks THEN
    outcome := 'no-slots';
  ELSIF claims_today >= s.daily_ad_views THEN
    outcome := 'daily-limit';
    daily_limit := s.daily_ad_views;
  ELSIF greatest(p_now - s.started_at, interval '0') < make_interval(secs => s.dwell_seconds) THEN
    outcome := 'too-early';
    wait_ms := ceil(s.dwell_seconds * 1000 - greatest(extract(epoch FROM p_now - s.started_at) * 1000, 0))::bigint;
  ELSIF s.visibility_reported AND visible_ms < s.dwell_seconds * 1000 THEN
    -- The page said it was hidden for part of the time: the countdown paused with it.
    outcome := 'too-early';
    wait_ms := s.dwell_seconds * 1000 - visible_ms;
  ELSIF s.check_issued_at IS NULL THEN
    -- The countdown has ended: the app sets the attention check on the view (view_id) and asks it.
    outcome := 'check-due';
    view_id := s.view_id;
  ELSIF p_answer IS NULL OR p_answer NOT BETWEEN 0 AND cardinality(s.check_choices) - 1 THEN
    outcome := 'check-required';
    check_question := s.check_question;
    check_choices := s.check_choices;
  ELSIF p_answer <> s.check_answer_index THEN
    -- A wrong pick voids the view: never paid, no slot taken, and it counts against the member.
    UPDATE advert_views av
       SET check_result = 'failed', check_answered_at = p_now, check_failed_day = p_lagos_day
     WHERE av.id = s.view_id;
    outcome := 'check-failed';
    SELECT count(*) INTO failed_today FROM advert_views av
     WHERE av.user_id = p_user_id AND av.check_failed_day = p_lagos_day;
  ELSIF s.account_id IS NULL THEN
    outcome := 'no-accounts';
  END IF;
  IF outcome IS NOT NULL THEN
    RETURN NEXT;
    RETURN;
  END IF;

  -- 2. The slot, if the advert still runs (today's limit was checked under the member's lock).
  UPDATE adverts a SET current_clicks = a.current_clicks + 1
   WHERE a.id = p_advert_id AND advert_is_live(a.is_active, a.starts_at, a.ends_at, p_now) AND a.current_clicks < a.max_clicks
  RETURNING a.reward_kobo, a.current_clicks, a.max_clicks INTO reward, clicks, slots;
  IF NOT FOUND THEN
    IF NOT EXISTS (SELECT 1 FROM adverts a WHERE a.id = p_advert_id AND advert_is_live(a.is_active, a.starts_at, a.ends_at, p_now)) THEN
      outcome := 'not-found';
    ELSE
      outcome := 'no-slots';
    END IF;
    RETURN NEXT;
    RETURN;
  END IF;

  -- 3. Who pays: the campaign's escrow, or (an admin's advert) the platform's advert_rewards.
  SELECT cp.id, cp.fee_per_view_kobo, la.id INTO paying_campaign_id, fee, escrow_id
    FROM campaigns cp JOIN ledger_accounts la ON la.campaign_id = cp.id
   WHERE cp.advert_id = p_advert_id;
  IF FOUND THEN
    debit_id := escrow_id;
  ELSE
    SELECT la.id INTO debit_id FROM ledger_accounts la WHERE la.kind = 'platform' AND la.code = 'advert_rewards';
    IF debit_id IS NULL THEN
      RAISE EXCEPTION 'claim_advert_reward: no advert_rewards ledger account';
    END IF;
  END IF;
  IF NOT ledger_write_transfer(p_transfer_id, 'advert_reward', debit_id, s.account_id, reward,
                               p_idempotency_key, 'advert_view', s.view_id,
                               p_debit_entry_id, p_credit_entry_id) THEN
    RAISE EXCEPTION 'claim_advert_reward: % was already used', p_idempotency_key;
  END IF;
  IF paying_campaign_id IS NOT NULL THEN
    IF fee > 0 THEN
      SELECT la.id INTO fees_id FROM ledger_accounts la WHERE la.kind = 'platform' AND la.code = 'campaign_fees';
      IF fees_id IS NULL THEN
        RAISE EXCEPTION 'claim_advert_reward: no campaign_fees ledger account';
      END IF;
      IF NOT ledger_write_transfer(p_fee_transfer_id, 'campaign_fee', escrow_id, fees_id, fee,
                                   p_idempotency_key || ':fee', 'advert_view', s.view_id,
                                   p_fee_debit_entry_id, p_fee_credit_entry_id) THEN
        RAISE EXCEPTION 'claim_advert_reward: %:fee was already used', p_idempotency_key;
      END IF;
    END IF;
    IF clicks = slots THEN
      UPDATE campaigns SET status = 'completed', finished_at = p_now, updated_at = p_now
       WHERE id = paying_campaign_id AND status = 'active';
    END IF;
  END IF;
  UPDATE advert_views av
     SET claimed_at = p_now, reward_kobo = reward, lagos_day = p_lagos_day, transfer_id = p_transfer_id,
         check_result = 'passed', check_answered_at = p_now
   WHERE av.id = s.view_id AND av.claimed_at IS NULL;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'claim_advert_reward: the view was claimed under our lock';
  END IF;
  outcome := 'ok';
  reward_kobo := reward;
  view_id := s.view_id;
  transfer_id := p_transfer_id;
  RETURN NEXT;
END;
$$;