-- Lines appended to a cluster's current log file through POST /sandbox/logs/append (a test
-- hook): the rest of every log file is generated from (cluster, hour), so these are the
-- only log bytes stored.
CREATE TABLE IF NOT EXISTS log_lines (
    cluster_id TEXT NOT NULL REFERENCES clusters(id) ON DELETE CASCADE,
    at INTEGER NOT NULL,
    line TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS log_lines_by_cluster ON log_lines (cluster_id, at);
