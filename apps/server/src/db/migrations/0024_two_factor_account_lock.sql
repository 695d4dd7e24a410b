-- Wrong second-step codes are limited per account across its challenges (limits.twoFactor.accountFailures within
-- accountFailureWindowMs): the count and the start of its window live on the account's two-factor row, taken in the
-- same statement that admits a try, so parallel requests cannot pass the limit; reaching it locks the second step.
ALTER TABLE user_two_factor ADD COLUMN failures integer NOT NULL DEFAULT 0;
ALTER TABLE user_two_factor ADD COLUMN failures_since timestamptz;
ALTER TABLE user_two_factor ADD COLUMN locked_until timestamptz;
