-- The initial schema: every table of prisma/schema.prisma, the vector extension, the HNSW index on
-- chunk embeddings and the GIN index on the generated full-text column.
-- Applied in one transaction by src/infra/db/migrate.ts (never split on semicolons).

CREATE EXTENSION IF NOT EXISTS vector;

CREATE TYPE "Channel" AS ENUM ('telegram', 'whatsapp', 'terminal');
CREATE TYPE "StaffRole" AS ENUM ('supervisor', 'admin');
CREATE TYPE "HealthWorkerStatus" AS ENUM ('invited', 'active', 'suspended');
CREATE TYPE "ConsultStage" AS ENUM ('demographics', 'interview', 'differentials', 'plan', 'done');
CREATE TYPE "ConsultStatus" AS ENUM ('active', 'completed', 'cancelled');
CREATE TYPE "MessageDirection" AS ENUM ('inbound', 'outbound');
CREATE TYPE "FindingCategory" AS ENUM ('symptom', 'duration', 'severity', 'vital_sign', 'test_result', 'exam_sign', 'history', 'medication', 'allergy');
CREATE TYPE "DiagnosisSource" AS ENUM ('llm', 'health_worker', 'rules');
CREATE TYPE "PlanMode" AS ENUM ('llm', 'extractive');
CREATE TYPE "ReviewVerdict" AS ENUM ('approved', 'flagged');
CREATE TYPE "IngestStage" AS ENUM ('download', 'parse', 'embed');
CREATE TYPE "IngestStatus" AS ENUM ('running', 'succeeded', 'failed', 'interrupted');

CREATE TABLE staff_members (
  id uuid PRIMARY KEY,
  role "StaffRole" NOT NULL,
  name text NOT NULL,
  email text NOT NULL UNIQUE,
  created_at timestamptz(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE health_workers (
  id uuid PRIMARY KEY,
  display_name text NOT NULL,
  status "HealthWorkerStatus" NOT NULL DEFAULT 'invited',
  supervisor_id uuid REFERENCES staff_members (id) ON DELETE SET NULL ON UPDATE CASCADE,
  telegram_user_id text UNIQUE,
  whatsapp_id text UNIQUE,
  invite_code_hash text UNIQUE,
  invite_expires_at timestamptz(3),
  invite_redeemed_at timestamptz(3),
  created_at timestamptz(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX health_workers_supervisor_id_idx ON health_workers (supervisor_id);

CREATE TABLE chats (
  id uuid PRIMARY KEY,
  channel "Channel" NOT NULL,
  external_chat_id text NOT NULL,
  health_worker_id uuid REFERENCES health_workers (id) ON DELETE SET NULL ON UPDATE CASCADE,
  lock_owner text,
  lock_expires_at timestamptz(3),
  created_at timestamptz(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  UNIQUE (channel, external_chat_id)
);

CREATE TABLE consults (
  id uuid PRIMARY KEY,
  chat_id uuid NOT NULL REFERENCES chats (id) ON DELETE RESTRICT ON UPDATE CASCADE,
  health_worker_id uuid REFERENCES health_workers (id) ON DELETE SET NULL ON UPDATE CASCADE,
  stage "ConsultStage" NOT NULL DEFAULT 'demographics',
  status "ConsultStatus" NOT NULL DEFAULT 'active',
  offline boolean NOT NULL DEFAULT false,
  demographics jsonb,
  state jsonb,
  urgent_referral boolean NOT NULL DEFAULT false,
  version integer NOT NULL DEFAULT 0,
  created_at timestamptz(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  updated_at timestamptz(3) NOT NULL,
  completed_at timestamptz(3)
);
CREATE INDEX consults_chat_id_status_idx ON consults (chat_id, status);
CREATE INDEX consults_status_completed_at_idx ON consults (status, completed_at);

CREATE TABLE messages (
  id uuid PRIMARY KEY,
  chat_id uuid NOT NULL REFERENCES chats (id) ON DELETE RESTRICT ON UPDATE CASCADE,
  consult_id uuid REFERENCES consults (id) ON DELETE SET NULL ON UPDATE CASCADE,
  direction "MessageDirection" NOT NULL,
  channel_message_id text,
  kind text NOT NULL DEFAULT 'text',
  text text,
  created_at timestamptz(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  UNIQUE (chat_id, direction, channel_message_id)
);
CREATE INDEX messages_consult_id_created_at_idx ON messages (consult_id, created_at);

CREATE TABLE findings (
  id uuid PRIMARY KEY,
  consult_id uuid NOT NULL REFERENCES consults (id) ON DELETE CASCADE ON UPDATE CASCADE,
  category "FindingCategory" NOT NULL,
  value text NOT NULL,
  negated boolean NOT NULL DEFAULT false,
  source_message_id uuid REFERENCES messages (id) ON DELETE SET NULL ON UPDATE CASCADE,
  created_at timestamptz(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX findings_consult_id_idx ON findings (consult_id);

CREATE TABLE diagnoses (
  id uuid PRIMARY KEY,
  consult_id uuid NOT NULL REFERENCES consults (id) ON DELETE CASCADE ON UPDATE CASCADE,
  condition text NOT NULL,
  confidence double precision,
  rank integer NOT NULL,
  rationale text,
  source "DiagnosisSource" NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  UNIQUE (consult_id, rank)
);

CREATE TABLE guideline_sources (
  id uuid PRIMARY KEY,
  accession text NOT NULL UNIQUE,
  title text NOT NULL,
  publisher text,
  year integer,
  licence text,
  licence_url text,
  language text NOT NULL DEFAULT 'en',
  last_updated timestamptz(3),
  kind text NOT NULL DEFAULT 'bookshelf',
  created_at timestamptz(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  updated_at timestamptz(3) NOT NULL
);

CREATE TABLE guideline_chunks (
  id uuid PRIMARY KEY,
  source_id uuid NOT NULL REFERENCES guideline_sources (id) ON DELETE CASCADE ON UPDATE CASCADE,
  part_file text NOT NULL,
  part_title text NOT NULL,
  section_id text,
  section_path text NOT NULL,
  title_path text NOT NULL,
  ordinal integer NOT NULL,
  content text NOT NULL,
  token_count integer NOT NULL,
  content_hash text NOT NULL,
  oversized boolean NOT NULL DEFAULT false,
  embedding vector(768),
  embedding_model text,
  embedding_dim integer,
  embedded_hash text,
  -- The title path is weighted A so a query naming a section finds it even when the body does not
  -- repeat its title.
  fts tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', coalesce(title_path, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(content, '')), 'B')
  ) STORED,
  created_at timestamptz(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  updated_at timestamptz(3) NOT NULL,
  UNIQUE (source_id, part_file, section_path, ordinal),
  CONSTRAINT guideline_chunks_embedding_described CHECK (
    (embedding IS NULL) = (embedding_model IS NULL) AND (embedding IS NULL) = (embedding_dim IS NULL)
  )
);
CREATE INDEX guideline_chunks_embedding_hnsw_idx ON guideline_chunks USING hnsw (embedding vector_cosine_ops);
CREATE INDEX guideline_chunks_fts_idx ON guideline_chunks USING gin (fts);

CREATE TABLE plans (
  id uuid PRIMARY KEY,
  consult_id uuid NOT NULL REFERENCES consults (id) ON DELETE CASCADE ON UPDATE CASCADE,
  kind text NOT NULL DEFAULT 'assessment_plan',
  mode "PlanMode" NOT NULL,
  text text NOT NULL,
  model text,
  idempotency_key text NOT NULL UNIQUE,
  created_at timestamptz(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX plans_consult_id_idx ON plans (consult_id);

CREATE TABLE citations (
  id uuid PRIMARY KEY,
  plan_id uuid NOT NULL REFERENCES plans (id) ON DELETE CASCADE ON UPDATE CASCADE,
  chunk_id uuid REFERENCES guideline_chunks (id) ON DELETE SET NULL ON UPDATE CASCADE,
  label text NOT NULL,
  accession text NOT NULL,
  section_path text NOT NULL,
  content_hash text NOT NULL,
  quoted_text text NOT NULL,
  UNIQUE (plan_id, label)
);

CREATE TABLE supervisor_reviews (
  id uuid PRIMARY KEY,
  consult_id uuid NOT NULL REFERENCES consults (id) ON DELETE CASCADE ON UPDATE CASCADE,
  supervisor_id uuid NOT NULL REFERENCES staff_members (id) ON DELETE RESTRICT ON UPDATE CASCADE,
  verdict "ReviewVerdict" NOT NULL,
  feedback text,
  feedback_delivered_at timestamptz(3),
  created_at timestamptz(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX supervisor_reviews_consult_id_idx ON supervisor_reviews (consult_id);

CREATE TABLE ingest_runs (
  id uuid PRIMARY KEY,
  stage "IngestStage" NOT NULL,
  status "IngestStatus" NOT NULL DEFAULT 'running',
  started_at timestamptz(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  finished_at timestamptz(3),
  stats jsonb,
  error text
);
CREATE INDEX ingest_runs_stage_started_at_idx ON ingest_runs (stage, started_at);

CREATE TABLE processed_inbound (
  channel "Channel" NOT NULL,
  message_id text NOT NULL,
  chat_id text NOT NULL,
  received_at timestamptz(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (channel, message_id)
);

CREATE TABLE side_effects (
  key text PRIMARY KEY,
  kind text NOT NULL,
  result jsonb,
  created_at timestamptz(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE audit_events (
  id bigserial PRIMARY KEY,
  at timestamptz(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  actor_type text NOT NULL,
  actor_id text,
  action text NOT NULL,
  subject_type text,
  subject_id text,
  data jsonb
);
CREATE INDEX audit_events_action_at_idx ON audit_events (action, at);
