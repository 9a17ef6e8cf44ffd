-- The advert claim as one database call (docs/decisions/010-claim-in-the-database.md).
-- A claim used to be seven round trips (session, BEGIN, the locking read, the slot, the transfer,
-- the view, COMMIT); under load every round trip is a wake-up of a PostgreSQL backend and of the
-- app. The same statements, in the same order and under the same locks, now run inside one
-- function called by one statement (its own transaction). Written by hand.
--
-- ledger_write_transfer: the one way a transfer and its two entries are written (transfer() in
-- app/domain/ledger/transfer.server.ts calls it too). A taken idempotency key writes nothing and
-- returns false; the entry trigger checks the legs and moves the user accounts' cached balances.
CREATE FUNCTION ledger_write_transfer(
  p_transfer_id text, p_kind ledger_transfer_kind, p_debit_account_id text, p_credit_account_id text,
  p_amount_kobo bigint, p_idempotency_key text, p_reference_type text, p_reference_id text,
  p_debit_entry_id text, p_credit_entry_id text
) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_transfers
    (id, kind, debit_account_id, credit_account_id, amount_kobo, idempotency_key, reference_type, reference_id)
  VALUES
    (p_transfer_id, p_kind, p_debit_account_id, p_credit_account_id, p_amount_kobo, p_idempotency_key,
     p_reference_type, p_reference_id)
  ON CONFLICT (idempotency_key) DO NOTHING;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  INSERT INTO ledger_entries (id, transfer_id, account_id, amount_kobo)
  VALUES (p_debit_entry_id, p_transfer_id, p_debit_account_id, -p_amount_kobo),
         (p_credit_entry_id, p_transfer_id, p_credit_account_id, p_amount_kobo);
  RETURN true;
END;
$$;
--> statement-breakpoint
-- claim_advert_reward: claimAdvertReward (app/domain/adverts/advert-views.server.ts) describes
-- the rules; this is their only implementation. The app passes the reward's idempotency key
-- (advertRewardKey: one payment per advert and member, ever). Returns one row: the outcome and what the app
-- needs to word it. Every READ COMMITTED statement here takes a fresh snapshot, so the daily
-- count, read after the member's row is locked, sees every earlier claim of theirs.
--   ok              reward_kobo, view_id, transfer_id
--   no-accounts     the member has no ledger accounts yet: nothing written; open them, call again
--   daily-limit     daily_limit
--   too-early       started_at, dwell_seconds
--   not-member, not-approved, not-found, already-claimed, no-slots, not-started
-- VOLATILE is the default, written out because the rules depend on it: only a volatile
-- function's statements take a new snapshot each.
CREATE FUNCTION claim_advert_reward(
  p_user_id text, p_advert_id text, p_now timestamptz, p_lagos_day date, p_idempotency_key text,
  p_transfer_id text, p_debit_entry_id text, p_credit_entry_id text
) RETURNS TABLE (
  outcome text, reward_kobo bigint, view_id text, transfer_id text, daily_limit integer,
  started_at timestamptz, dwell_seconds integer
) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  s record;
  m record;
  reward bigint;
  platform_id text;
BEGIN
  -- 1. Member and view, locked in that order (users first, as every member lock), with the
  --    advert, the dwell setting and the member's available account. NO KEY UPDATE conflicts
  --    with itself and with admin moderation (FOR UPDATE), not with the foreign-key checks of
  --    rows that merely reference the member (sessions, ledger accounts).
  SELECT u.role, u.is_approved, u.is_restricted, t.daily_ad_views,
         v.id AS view_id, v.started_at, v.claimed_at,
         a.is_active, a.current_clicks, a.max_clicks,
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
    -- No view (or no member): say why, checking in the same order as below.
    SELECT u.role, u.is_approved, u.is_restricted INTO m FROM users u WHERE u.id = p_user_id FOR NO KEY UPDATE;
    IF NOT FOUND OR m.role <> 'user' THEN
      outcome := 'not-member';
    ELSIF NOT m.is_approved OR m.is_restricted THEN
      outcome := 'not-approved';
    ELSIF NOT EXISTS (SELECT 1 FROM adverts a WHERE a.id = p_advert_id AND a.is_active) THEN
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
  ELSIF NOT s.is_active THEN
    outcome := 'not-found';
  ELSIF s.claimed_at IS NOT NULL THEN
    outcome := 'already-claimed';
  ELSIF s.current_clicks >= s.max_clicks THEN
    outcome := 'no-slots';
  ELSIF greatest(p_now - s.started_at, interval '0') < make_interval(secs => s.dwell_seconds) THEN
    -- Too early; the daily limit is named first, as the member can do nothing about it by waiting.
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

  -- 2. The slot, if the member is under today's limit: the database decides who gets the last one.
  UPDATE adverts a SET current_clicks = a.current_clicks + 1
   WHERE a.id = p_advert_id AND a.is_active AND a.current_clicks < a.max_clicks
     AND (SELECT count(*) FROM advert_views av WHERE av.user_id = p_user_id AND av.lagos_day = p_lagos_day) < s.daily_ad_views
  RETURNING a.reward_kobo INTO reward;
  IF NOT FOUND THEN
    IF NOT EXISTS (SELECT 1 FROM adverts a WHERE a.id = p_advert_id AND a.is_active) THEN
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

  -- 3. The payment (advert_rewards → the member's available account; one per advert and member,
  --    ever) and the view.
  SELECT la.id INTO platform_id FROM ledger_accounts la WHERE la.kind = 'platform' AND la.code = 'advert_rewards';
  IF platform_id IS NULL THEN
    RAISE EXCEPTION 'claim_advert_reward: no advert_rewards ledger account';
  END IF;
  IF NOT ledger_write_transfer(p_transfer_id, 'advert_reward', platform_id, s.account_id, reward,
                               p_idempotency_key, 'advert_view', s.view_id,
                               p_debit_entry_id, p_credit_entry_id) THEN
    -- The view is locked and unclaimed, so its key cannot have been used: refuse to go on (and
    -- roll back the slot) rather than mark a view paid by some other transfer.
    RAISE EXCEPTION 'claim_advert_reward: % was already used', p_idempotency_key;
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
