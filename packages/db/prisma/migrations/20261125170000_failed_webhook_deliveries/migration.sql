-- Hand-written data migration (no schema change).
--
-- A delivery whose latest attempt failed reads `failed` at once, with next_retry_at set while a
-- retry is scheduled; `pending` is kept for deliveries not attempted yet.
-- Deliveries written under the old rule read `pending` between their retries: a delivery that was
-- attempted and is still pending had only failed attempts (a 2xx marks it succeeded).
UPDATE "webhook_deliveries" SET "status" = 'failed' WHERE "status" = 'pending' AND "attempt_count" > 0;
