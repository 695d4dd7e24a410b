-- An application's retries as they happen: the reason of the last one (the CA not answering, still validating)
-- and when the job tries again, shown on the detail page while the application is still being worked on.
ALTER TABLE certificate_applications ADD COLUMN retry_reason jsonb;
ALTER TABLE certificate_applications ADD COLUMN next_attempt_at timestamptz;

-- The notices of a renewal already sent to the customer (failed, remind:7, remind:3), so that each goes out once
-- however often the maintenance run looks at the renewal.
ALTER TABLE certificate_applications ADD COLUMN notices_sent jsonb NOT NULL DEFAULT '[]';
