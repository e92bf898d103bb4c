-- Statements of a sender number's health at the carrier (sender-health.ts).

-- name: recordCarrierError
-- One carrier error of the number's own (sender-health.ts says which count). It extends the run of
-- errors begun within the last `windowSeconds`, else starts a new run; a run of `threshold` errors
-- marks the number failing until `cooldownSeconds` after this one (a further error while it fails
-- extends that). One statement on the number's row, so workers in every process count together.
-- `becameFailing` is true for exactly the error that reached the threshold.
-- params: phoneNumberId, at, windowSeconds, threshold, cooldownSeconds
-- not null: becameFailing
UPDATE phone_numbers p SET
  carrier_errors = CASE WHEN p.carrier_errors_since > $2::timestamptz - make_interval(secs => $3::integer)
                        THEN p.carrier_errors + 1 ELSE 1 END,
  carrier_errors_since = CASE WHEN p.carrier_errors_since > $2::timestamptz - make_interval(secs => $3::integer)
                              THEN p.carrier_errors_since ELSE $2::timestamptz END,
  failing_until = CASE WHEN (CASE WHEN p.carrier_errors_since > $2::timestamptz - make_interval(secs => $3::integer)
                                  THEN p.carrier_errors + 1 ELSE 1 END) >= $4::integer
                       THEN $2::timestamptz + make_interval(secs => $5::integer) ELSE p.failing_until END
WHERE p.id = $1
RETURNING p.id, p.carrier_errors = $4::integer AS "becameFailing";
