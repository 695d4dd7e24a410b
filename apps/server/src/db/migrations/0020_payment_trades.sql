-- A gateway trade moves money to the console at most once, whatever notification ids the gateway (or a replay)
-- sends for it: the first paid notification of a trade inserts its row here in the transaction that pays the order
-- or credits the balance; any later one conflicts on the key and changes nothing.
CREATE TABLE payment_trades (
  gateway text NOT NULL,
  trade_no text NOT NULL,
  order_id bigint REFERENCES orders(id) ON DELETE SET NULL,
  amount_fen bigint NOT NULL CHECK (amount_fen > 0),
  credited_at timestamptz NOT NULL,
  PRIMARY KEY (gateway, trade_no)
);

-- Trades that already paid an order, or were credited to the balance after their order had closed.
INSERT INTO payment_trades (gateway, trade_no, order_id, amount_fen, credited_at)
SELECT o.gateway, o.gateway_trade_no, o.id, o.amount_fen, coalesce(o.paid_at, o.created_at)
  FROM orders o
 WHERE o.gateway IS NOT NULL AND o.gateway_trade_no IS NOT NULL
   AND (o.payment_method = 'qr'
        OR EXISTS (SELECT 1 FROM balance_ledger l
                    WHERE l.order_id = o.id AND l.note = 'commerce.ledger.lateCredit'));

-- The sandbox gateway closes a waiting payment when its order stops waiting; a closed payment cannot be paid.
ALTER TABLE sandbox_payments DROP CONSTRAINT sandbox_payments_status_check;
ALTER TABLE sandbox_payments
  ADD CONSTRAINT sandbox_payments_status_check CHECK (status IN ('waiting', 'paid', 'cancelled', 'closed'));
