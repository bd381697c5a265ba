-- When each restart of a cluster's Keycloak ended, i.e. when Keycloak started again. The
-- cluster row keeps only the latest (`restart_until`, which says whether one is running);
-- system info's uptime and the log's "Keycloak … started" lines both read the history
-- (engine::starts), so they tell one story.
CREATE TABLE IF NOT EXISTS restarts (
    cluster_id TEXT NOT NULL REFERENCES clusters(id) ON DELETE CASCADE,
    started_at INTEGER NOT NULL,
    UNIQUE (cluster_id, started_at)
);
