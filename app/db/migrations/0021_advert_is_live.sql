-- An advert is live (shown to members, claimable) while it is active and between its starts_at and
-- ends_at (a campaign's dates; an admin's advert has neither): written once here, and followed by
-- claim_advert_reward (below) and by the app's listing and opening of adverts
-- (app/domain/adverts/advert-views.server.ts), instead of three copies of the condition.
-- A one-expression SQL function: the planner inlines it, so `is_active` still selects the partial
-- index adverts_live_created_idx. Written by hand.
CREATE FUNCTION advert_is_live(is_active boolean, starts_at timestamptz, ends_at timestamptz, at timestamptz)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT is_active AND (starts_at IS NULL OR starts_at <= at) AND (ends_at IS NULL OR at < ends_at)
$$;
--> statement-breakpoint
-- claim_advert_reward as in migration 0019, its four "advert is live" conditions now advert_is_live.
CREATE OR REPLACE FUNCTION claim_advert_reward(
  p_user_id text, p_advert_id text, p_now timestamptz, p_lagos_day date, p_idempotency_key text,
  p_transfer_id text, p_debit_entry_id text, p_credit_entry_id text,
  p_fee_transfer_id text, p_fee_debit_entry_id text, p_fee_credit_entry_id text
) RETURNS TABLE (
  outcome text, reward_kobo bigint, view_id text, transfer_id text, daily_limit integer,
  started_at timestamptz, dwell_seconds integer
) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  s record;
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
  IF s.role <> 'user' THEN
    outcome := 'not-member';
  ELSIF NOT s.is_approved OR s.is_restricted THEN
    outcome := 'not-approved';
  ELSIF NOT s.is_live THEN
    outcome := 'not-found';
  ELSIF s.claimed_at IS NOT NULL THEN
    outcome := 'already-claimed';
  ELSIF s.current_clicks >= s.max_clicks THEN
    outcome := 'no-slots';
  ELSIF greatest(p_now - s.started_at, interval '0') < make_interval(secs => s.dwell_seconds) THEN
    IF (SELECT count(*) FROM advert_views av WHERE av.user_id = p_user_id AND av.lagos_day = p_lagos_day) >= s.daily_ad_views THEN
      outcome := 'daily-limit';
      daily_limit := s.daily_ad_views;
    ELSE
      outcome := 'too-early';
      started_at := s.started_at;
      dwell_seconds := s.dwell_seconds;
    END IF;
  ELSIF s.account_id IS NULL THEN
    outcome := 'no-accounts';
  END IF;
  IF outcome IS NOT NULL THEN
    RETURN NEXT;
    RETURN;
  END IF;

  -- 2. The slot, if the advert still runs and the member is under today's limit.
  UPDATE adverts a SET current_clicks = a.current_clicks + 1
   WHERE a.id = p_advert_id AND advert_is_live(a.is_active, a.starts_at, a.ends_at, p_now) AND a.current_clicks < a.max_clicks
     AND (SELECT count(*) FROM advert_views av WHERE av.user_id = p_user_id AND av.lagos_day = p_lagos_day) < s.daily_ad_views
  RETURNING a.reward_kobo, a.current_clicks, a.max_clicks INTO reward, clicks, slots;
  IF NOT FOUND THEN
    IF NOT EXISTS (SELECT 1 FROM adverts a WHERE a.id = p_advert_id AND advert_is_live(a.is_active, a.starts_at, a.ends_at, p_now)) THEN
      outcome := 'not-found';
    ELSIF (SELECT count(*) FROM advert_views av WHERE av.user_id = p_user_id AND av.lagos_day = p_lagos_day) >= s.daily_ad_views THEN
      outcome := 'daily-limit';
      daily_limit := s.daily_ad_views;
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
     SET claimed_at = p_now, reward_kobo = reward, lagos_day = p_lagos_day, transfer_id = p_transfer_id
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