-- name: databaseAnswers
-- Succeeds while the database answers.
SELECT 1;
