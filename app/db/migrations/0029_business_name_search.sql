-- Advertisers' business names searched by part (Withdrawal Requests, Advertisers): a trigram index
-- (pg_trgm, created by 0027), as users' names and emails have, so the search need not read every profile.
CREATE INDEX "advertiser_profiles_business_name_trgm_idx" ON "advertiser_profiles" USING gin ("business_name" gin_trgm_ops);