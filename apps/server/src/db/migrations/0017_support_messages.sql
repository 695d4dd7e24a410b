-- Support tickets with their conversation and images, and the message centre (notices and event messages).
-- A ticket is processing until the staff mark it completed; the customer closes it with a rating (then nothing more
-- can be added) or appeals a completed one. Images are uploaded before the ticket or reply that names them, so an
-- image row starts without a ticket; files live under <dataDir>/ticket-images (modules/support/ticket-image.store.ts).

CREATE TABLE tickets (
  id bigserial PRIMARY KEY,
  ticket_no text NOT NULL UNIQUE,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  product text NOT NULL CHECK (product IN ('cdn', 'secure', 'certificate', 'preheat', 'billing', 'account', 'other')),
  urgency text NOT NULL CHECK (urgency IN ('consultation', 'experience', 'impact', 'unavailable')),
  title text NOT NULL,
  description text NOT NULL,
  status text NOT NULL CHECK (status IN ('processing', 'completed', 'closed', 'appeal')),
  solved boolean,
  rating integer CHECK (rating BETWEEN 1 AND 5),
  appeal_reason text,
  sample boolean NOT NULL DEFAULT false,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now(),
  closed_at timestamptz(3)
);
CREATE INDEX tickets_user_created ON tickets (user_id, created_at DESC, id DESC);

CREATE TABLE ticket_replies (
  id bigserial PRIMARY KEY,
  ticket_id bigint NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
  author text NOT NULL CHECK (author IN ('customer', 'staff')),
  content text NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX ticket_replies_ticket ON ticket_replies (ticket_id, id);

CREATE TABLE ticket_images (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  ticket_id bigint REFERENCES tickets(id) ON DELETE CASCADE,
  reply_id bigint REFERENCES ticket_replies(id) ON DELETE CASCADE,
  file text NOT NULL UNIQUE,
  content_type text NOT NULL,
  size integer NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX ticket_images_user ON ticket_images (user_id, id);
CREATE INDEX ticket_images_ticket ON ticket_images (ticket_id);

-- A message's title and content are its text, or, when params is set, message keys rendered in the reader's
-- language with those params (HTML-escaped). Content is sanitized HTML either way.
CREATE TABLE messages (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('notice', 'domain', 'certificate', 'billing', 'ticket', 'package', 'security')),
  title text NOT NULL,
  content text NOT NULL,
  params jsonb,
  read_at timestamptz(3),
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX messages_user_created ON messages (user_id, created_at DESC, id DESC);
CREATE INDEX messages_user_unread ON messages (user_id) WHERE read_at IS NULL;

-- Each package is reminded of its expiry once (modules/commerce/package-expiry.ts).
CREATE TABLE package_expiry_reminders (
  user_package_id bigint PRIMARY KEY REFERENCES user_packages(id) ON DELETE CASCADE,
  sent_at timestamptz NOT NULL
);
