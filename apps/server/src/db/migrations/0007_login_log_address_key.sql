-- Login failures from one address are counted by the address's budget key (http/client-address.ts): an IPv6 client
-- by its /64, so that rotating addresses inside the /64 does not dodge the captcha. Earlier rows keep their address
-- as the key; the counting window is minutes long, so they age out of it at once.
ALTER TABLE login_log ADD COLUMN ip_key text;
UPDATE login_log SET ip_key = ip;
DROP INDEX login_log_ip_failures_idx;
CREATE INDEX login_log_ip_key_failures_idx ON login_log (ip_key, created_at) WHERE result = 'failure';
