-- Uploaded files (avatars, ticket and reply images) move from DATA_DIR/<folder> into the database, so every process
-- serves every file and a backup of the database holds them (providers/database-file-store.ts). `name` is the name
-- the store hands out (128 random bits, base64url, and the extension), the one users.avatar and ticket_images.file
-- name; `folder` is the store that keeps it ('avatars', 'ticket-images'), which alone serves it. An upload is at
-- most 1 MB. The files an earlier version left in DATA_DIR are moved in at start (upload-import.ts).
CREATE TABLE stored_files (
  name text PRIMARY KEY,
  folder text NOT NULL,
  content_type text NOT NULL,
  size integer NOT NULL CHECK (size BETWEEN 1 AND 1048576),
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (octet_length(data) = size)
);
