-- The network an address belongs to, as two members must share it to count as one subscriber
-- (networkOf in app/lib/ip-network.ts): an IPv4 address itself, an IPv6 address's /64, in
-- PostgreSQL's spelling ("2c0f:f5c0:440:1a2b::/64"). A stored network ("…::/64") is its own
-- network. Text that is no address is given back as it is. Immutable, so indexes can hold it.
CREATE OR REPLACE FUNCTION ip_network(address text) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  ip inet;
BEGIN
  IF address IS NULL OR address = '' THEN
    RETURN NULL;
  END IF;
  ip := regexp_replace(address, '/64$', '')::inet;
  IF family(ip) = 4 THEN
    RETURN host(ip);
  END IF;
  RETURN text(network(set_masklen(ip, 64)));
EXCEPTION WHEN others THEN
  RETURN address;
END
$$;--> statement-breakpoint
-- ip_network of each address in a list (a member's recent sign-ins), for a GIN index. Named with
-- its schema: an index is built with the search path cut to pg_catalog.
CREATE OR REPLACE FUNCTION ip_networks(addresses text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(public.ip_network(a)), '{}') FROM unnest(addresses) AS a
$$;--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_id","created_at");--> statement-breakpoint
CREATE INDEX "users_signup_network_idx" ON "users" USING btree (ip_network("signup_ip"));--> statement-breakpoint
CREATE INDEX "users_recent_networks_idx" ON "users" USING gin (ip_networks("recent_login_ips"));