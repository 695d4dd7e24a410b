CREATE TABLE users (
  id bigserial PRIMARY KEY,
  user_name text NOT NULL,
  email text NOT NULL,
  phone text,
  password_hash text NOT NULL,
  avatar text,
  cdn_type text NOT NULL DEFAULT 'cdn',
  real_name_verified boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_user_name_key ON users (lower(user_name));
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE user_permissions (
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  permission_id text NOT NULL,
  actions text[] NOT NULL,
  PRIMARY KEY (user_id, permission_id)
);

CREATE TABLE sessions (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  kind text NOT NULL DEFAULT 'login',
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
