-- name: upsertListMembers
-- Adds contacts to a list in one statement: each is created, or updated where the workspace has it
-- already (names kept when not given, attributes merged with nulls dropped), and made a member of the
-- list; the list's updated_at moves. `added` counts the contacts that were not members before. The
-- arrays pair up by position; `attributes` holds each contact's attributes as JSON text.
-- params: ids, phoneNumbers, firstNames, lastNames, attributes, workspaceId, now, listId
-- not null: added
WITH input AS (
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
    AS t(id, phone_number, first_name, last_name, attributes)
), contact AS (
  INSERT INTO contacts (id, workspace_id, phone_number, first_name, last_name, attributes, updated_at)
  SELECT id, $6, phone_number, first_name, last_name, jsonb_strip_nulls(attributes::jsonb), $7 FROM input
  ON CONFLICT (workspace_id, phone_number) DO UPDATE SET
    first_name = COALESCE(EXCLUDED.first_name, contacts.first_name),
    last_name = COALESCE(EXCLUDED.last_name, contacts.last_name),
    attributes = jsonb_strip_nulls(contacts.attributes || (SELECT attributes::jsonb FROM input WHERE input.phone_number = EXCLUDED.phone_number)),
    updated_at = EXCLUDED.updated_at
  RETURNING id
), member AS (
  INSERT INTO contact_list_members (contact_list_id, contact_id, created_at)
  SELECT $8, id, $7 FROM contact
  ON CONFLICT DO NOTHING
  RETURNING contact_id
), touched AS (
  UPDATE contact_lists SET updated_at = $7 WHERE id = $8
)
SELECT count(*)::int AS added FROM member;
