-- The supervisor review workflow: a three-way agreement (the old approved/flagged verdict is kept in
-- step for readers of it), per-plan-line flags, the outbound message that carried the feedback to the
-- CHW's chat (its sent_at says when it was delivered), and a one-time submission key so a resubmitted
-- form stores (and sends) nothing twice.
ALTER TABLE supervisor_reviews
  ADD COLUMN agreement text CHECK (agreement IN ('agree', 'partly', 'disagree')),
  ADD COLUMN line_flags jsonb NOT NULL DEFAULT '[]'::jsonb,
  ADD COLUMN feedback_message_id uuid REFERENCES messages(id) ON DELETE SET NULL,
  ADD COLUMN submission_key text;
CREATE UNIQUE INDEX supervisor_reviews_submission_key_key ON supervisor_reviews (submission_key);
CREATE INDEX supervisor_reviews_supervisor_idx ON supervisor_reviews (supervisor_id, created_at);

-- The review queue lists newest first, for everyone (admin) or per health worker (a supervisor's CHWs).
CREATE INDEX consults_created_idx ON consults (created_at DESC);
CREATE INDEX consults_worker_created_idx ON consults (health_worker_id, created_at DESC);
CREATE INDEX diagnoses_condition_idx ON diagnoses (condition) WHERE rank = 1;
