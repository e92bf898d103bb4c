-- phone_number_throughput: the segments a second a carrier takes from a number
-- (phone_numbers.throughput_per_second), the one value that pacing reads: accept_message_batch
-- reserves the number's slots with it, dispatch's gate (apps/api/src/domain/messages/dispatch.ts)
-- spaces the hand-offs by it, and the number and queue reads answer it as throughput_per_second.
--
-- In order: the operator's override (throughput_override_per_second, set with `npm run admin --
-- set-number-throughput`); else the allowance of the approved use case the number is registered
-- under (use_cases.messages_per_minute / 60: the carriers grant a 10DLC use case its rate, higher or
-- lower than a long code's); else the default of the number's type: 1 a second for a local number, 3
-- for a toll-free one.
--
-- The trigger phone_numbers_throughput (created in its migration) runs it before a number is inserted
-- and whenever its type, registration or override is written, so every registration change
-- (a use case's decision, assigning or unassigning a number) moves the rate with it. A use case's
-- allowance is written when it is approved, before its numbers take its status.
--
-- This file is the function's source: change it here, then `npm run db:migration -- <name>` (see
-- accept_message_batch.sql beside it).
CREATE OR REPLACE FUNCTION phone_number_throughput()
RETURNS TRIGGER
LANGUAGE plpgsql AS $$
BEGIN
  NEW.throughput_per_second := COALESCE(
    NEW.throughput_override_per_second,
    (SELECT u.messages_per_minute / 60.0 FROM use_cases u
     WHERE NEW.registration_status = 'approved' AND u.id = NEW.use_case_id AND u.status = 'approved'
       AND u.messages_per_minute > 0),
    CASE NEW.type WHEN 'toll_free' THEN 3 ELSE 1 END);
  RETURN NEW;
END
$$;
