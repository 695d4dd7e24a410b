-- Commerce: the operator's package catalogue, the customer's orders (package purchases and balance recharges), the
-- balance with its ledger, the packages a customer owns, and the idempotency keys of payment calls. Money is integer
-- fen (1 CNY = 100 fen) in bigint columns; a balance never goes below zero (CHECK), and it changes only together with
-- a ledger row in one transaction (modules/commerce/balance.repository.ts).

CREATE TABLE packages (
  id bigserial PRIMARY KEY,
  code text NOT NULL UNIQUE,
  type text NOT NULL CHECK (type IN ('traffic', 'https_requests', 'websocket', 'china_mainland', 'edge_plan')),
  name text NOT NULL,
  spec text NOT NULL,
  -- What the package holds, in its type's unit: bytes of traffic, HTTPS requests; null for add-ons and plans.
  quota bigint,
  price_fen bigint NOT NULL CHECK (price_fen > 0),
  validity_months integer NOT NULL CHECK (validity_months > 0),
  on_sale boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One order per purchase or recharge. A package order copies the package's name, type, spec and validity, so that
-- later catalogue changes never rewrite what was bought. Unpaid orders close at close_at (30 minutes) by schedule,
-- except bank-transfer recharges, which wait for the operator.
CREATE TABLE orders (
  id bigserial PRIMARY KEY,
  order_no text NOT NULL UNIQUE,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('package', 'recharge')),
  package_id bigint REFERENCES packages(id) ON DELETE RESTRICT,
  product_name text NOT NULL,
  package_type text CHECK (package_type IN ('traffic', 'https_requests', 'websocket', 'china_mainland', 'edge_plan')),
  spec text,
  quota bigint,
  validity_months integer,
  amount_fen bigint NOT NULL CHECK (amount_fen > 0),
  status text NOT NULL CHECK (status IN ('unpaid', 'paid', 'cancelled', 'refunded')),
  payment_method text CHECK (payment_method IN ('balance', 'qr', 'bank_transfer')),
  -- The unique reference a bank transfer carries, so that the operator can match it.
  transfer_reference text UNIQUE,
  -- The gateway's payment for a QR order, and the URL its QR code encodes.
  gateway text,
  gateway_trade_no text UNIQUE,
  pay_url text,
  close_at timestamptz,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  paid_at timestamptz,
  cancelled_at timestamptz,
  refunded_at timestamptz,
  CHECK ((kind = 'package') = (package_id IS NOT NULL))
);
CREATE INDEX orders_user_created_idx ON orders (user_id, created_at DESC, id DESC);
CREATE INDEX orders_unpaid_close_idx ON orders (close_at) WHERE status = 'unpaid';

CREATE TABLE balances (
  user_id bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  balance_fen bigint NOT NULL DEFAULT 0 CHECK (balance_fen >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Every change of a balance: the signed amount and the balance after it. The rows of a user sum to the balance.
CREATE TABLE balance_ledger (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('recharge', 'payment', 'refund', 'credit')),
  amount_fen bigint NOT NULL CHECK (amount_fen <> 0),
  balance_after_fen bigint NOT NULL CHECK (balance_after_fen >= 0),
  order_id bigint REFERENCES orders(id) ON DELETE SET NULL,
  note text NOT NULL DEFAULT '',
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX balance_ledger_user_created_idx ON balance_ledger (user_id, created_at DESC, id DESC);

-- The packages a customer owns: one per paid package order, active from effective_at to expires_at; a refund
-- revokes it.
CREATE TABLE user_packages (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  order_id bigint NOT NULL UNIQUE REFERENCES orders(id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('traffic', 'https_requests', 'websocket', 'china_mainland', 'edge_plan')),
  name text NOT NULL,
  spec text NOT NULL,
  quota bigint,
  effective_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_packages_user_type_idx ON user_packages (user_id, type, expires_at);

-- A payment call's idempotency key: the first call with a key stores its answer, a repeat with the same request gets
-- that answer, a repeat with another request is refused.
CREATE TABLE idempotency_keys (
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key text NOT NULL,
  request_hash text NOT NULL,
  -- Null only inside the first call's transaction, so never seen by another call.
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);

-- Gateway notifications already handled, by the gateway's notification id: a replay is acknowledged and ignored.
CREATE TABLE payment_notifications (
  gateway text NOT NULL,
  notify_id text NOT NULL,
  order_id bigint REFERENCES orders(id) ON DELETE SET NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (gateway, notify_id)
);

-- The sandbox payment gateway's own book (providers/payment/sandbox-gateway.ts): what a real gateway keeps on its
-- side. The customer confirms or cancels on its pay page; its notification job then calls the server back.
CREATE TABLE sandbox_payments (
  trade_no text PRIMARY KEY,
  out_trade_no text NOT NULL,
  subject text NOT NULL,
  amount_fen bigint NOT NULL CHECK (amount_fen > 0),
  notify_url text NOT NULL,
  status text NOT NULL CHECK (status IN ('waiting', 'paid', 'cancelled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
