-- Report-issue and feature-request submissions (/IssueForm, /Featurerequest), read by the
-- operator with `npm run server -- feedback`. No IP address or other request data is kept: the
-- per-IP rate limit lives in the API process's memory only.
CREATE TABLE feedback (
  id          bigserial PRIMARY KEY,
  kind        text NOT NULL CHECK (kind IN ('issue', 'feature')),
  name        text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  email       text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254),
  description text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 5000),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feedback_kind_created_idx ON feedback (kind, created_at DESC);
