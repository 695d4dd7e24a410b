-- Ticket numbers: TK, the UTC day, then the next value of this sequence (at least 6 digits, more once it passes
-- 999999). The 6 random digits of before repeated within a day (two thousand tickets in one day collide more
-- often than not); a sequence never gives a value twice.
CREATE SEQUENCE ticket_numbers;

-- The random numbers already given today stay taken: the sequence starts above the highest of them. Those of
-- earlier days carry another day, so nothing the sequence gives can meet them.
SELECT setval('ticket_numbers', max(substr(ticket_no, 11)::bigint))
  FROM tickets
 WHERE ticket_no ~ '^TK[0-9]{14}$'
   AND substr(ticket_no, 3, 8) = to_char(now() AT TIME ZONE 'UTC', 'YYYYMMDD')
HAVING count(*) > 0;
