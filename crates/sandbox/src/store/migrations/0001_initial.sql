-- Migration 1: the schema as it stood when versioning began (PRAGMA user_version 0 -> 1).
-- Frozen: never edit it. A change to the schema is a new migration (see mod.rs).
-- Every statement says IF NOT EXISTS, so this also adopts a database that older builds
-- created without a version: existing tables and their rows are kept as they are.

-- Queried by store/mod.rs
CREATE TABLE IF NOT EXISTS orgs (
    id           TEXT PRIMARY KEY,
    name         TEXT NOT NULL UNIQUE,
    display_name TEXT NOT NULL,
    created_at   INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS secrets (
    id            TEXT PRIMARY KEY,
    org_id        TEXT NOT NULL REFERENCES orgs(id),
    name          TEXT NOT NULL,
    client_id     TEXT NOT NULL UNIQUE,
    client_secret TEXT NOT NULL,
    created_at    INTEGER NOT NULL,
    created_by    TEXT
);
CREATE TABLE IF NOT EXISTS secret_roles (
    secret_id TEXT NOT NULL REFERENCES secrets(id) ON DELETE CASCADE,
    org_id    TEXT NOT NULL REFERENCES orgs(id),
    role      TEXT NOT NULL,
    PRIMARY KEY (secret_id, org_id, role)
);
CREATE TABLE IF NOT EXISTS regions (
    name     TEXT PRIMARY KEY,
    provider TEXT NOT NULL,
    region   TEXT NOT NULL,
    position INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS clusters (
    id              TEXT PRIMARY KEY,
    name            TEXT NOT NULL UNIQUE,
    org_id          TEXT NOT NULL REFERENCES orgs(id),
    region          TEXT NOT NULL,
    tier            TEXT NOT NULL,
    status          TEXT NOT NULL,
    resource_limits TEXT NOT NULL,
    variant         TEXT NOT NULL,
    domain          TEXT,
    created_at      INTEGER NOT NULL,
    ready_at        INTEGER,
    restart_until   INTEGER,
    billed          INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS clusters_by_org ON clusters(org_id);

-- Queried by store/billing.rs
CREATE TABLE IF NOT EXISTS payment_methods (
    id         TEXT PRIMARY KEY,
    org_id     TEXT NOT NULL REFERENCES orgs(id),
    brand      TEXT NOT NULL,
    last4      TEXT NOT NULL,
    exp_month  INTEGER NOT NULL,
    exp_year   INTEGER NOT NULL,
    behaviour  TEXT NOT NULL,
    is_default INTEGER NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS subscriptions (
    id                   TEXT PRIMARY KEY,
    org_id               TEXT NOT NULL REFERENCES orgs(id),
    cluster_id           TEXT NOT NULL REFERENCES clusters(id) ON DELETE CASCADE,
    cluster_name         TEXT NOT NULL,
    payment_method_id    TEXT NOT NULL,
    tier                 TEXT NOT NULL,
    period               TEXT NOT NULL,
    amount               INTEGER NOT NULL,
    status               TEXT NOT NULL,
    start_date           INTEGER NOT NULL,
    trial_end            INTEGER,
    current_period_start INTEGER NOT NULL,
    current_period_end   INTEGER NOT NULL,
    ended_at             INTEGER
);
CREATE INDEX IF NOT EXISTS subscriptions_by_org ON subscriptions(org_id);
CREATE TABLE IF NOT EXISTS invoices (
    id              TEXT PRIMARY KEY,
    org_id          TEXT NOT NULL REFERENCES orgs(id),
    subscription_id TEXT NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
    cluster_name    TEXT NOT NULL,
    description     TEXT NOT NULL,
    amount          INTEGER NOT NULL,
    status          TEXT NOT NULL,
    created_at      INTEGER NOT NULL,
    paid_at         INTEGER
);
CREATE INDEX IF NOT EXISTS invoices_by_org ON invoices(org_id);

-- Queried by store/billing_sessions.rs
CREATE TABLE IF NOT EXISTS cluster_plans (
    cluster_id TEXT PRIMARY KEY REFERENCES clusters(id) ON DELETE CASCADE,
    period     TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS billing_sessions (
    id           TEXT PRIMARY KEY,
    kind         TEXT NOT NULL,
    org_id       TEXT NOT NULL REFERENCES orgs(id),
    cluster_id   TEXT REFERENCES clusters(id) ON DELETE CASCADE,
    period       TEXT,
    redirect_uri TEXT,
    used         INTEGER NOT NULL,
    created_at   INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS payment_intents (
    id                TEXT PRIMARY KEY,
    client_secret     TEXT NOT NULL UNIQUE,
    org_id            TEXT NOT NULL REFERENCES orgs(id),
    cluster_id        TEXT NOT NULL REFERENCES clusters(id) ON DELETE CASCADE,
    payment_method_id TEXT NOT NULL,
    period            TEXT NOT NULL,
    status            TEXT NOT NULL,
    created_at        INTEGER NOT NULL
);

-- Queried by store/members.rs
CREATE TABLE IF NOT EXISTS org_members (
    org_id         TEXT NOT NULL REFERENCES orgs(id),
    user_id        TEXT NOT NULL,
    username       TEXT NOT NULL,
    email          TEXT NOT NULL,
    first_name     TEXT NOT NULL,
    last_name      TEXT NOT NULL,
    manage_billing INTEGER NOT NULL,
    PRIMARY KEY (org_id, user_id)
);
CREATE TABLE IF NOT EXISTS billing_contacts (
    org_id     TEXT NOT NULL,
    user_id    TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (org_id, user_id),
    FOREIGN KEY (org_id, user_id) REFERENCES org_members(org_id, user_id) ON DELETE CASCADE
);

-- Queried by store/extensions.rs
CREATE TABLE IF NOT EXISTS extension_scanning (
    cluster_id TEXT PRIMARY KEY REFERENCES clusters(id) ON DELETE CASCADE,
    enabled    INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS extensions (
    id                  TEXT PRIMARY KEY,
    cluster_id          TEXT NOT NULL REFERENCES clusters(id) ON DELETE CASCADE,
    name                TEXT NOT NULL,
    resource_type       TEXT NOT NULL,
    enabled             INTEGER NOT NULL,
    created_at          INTEGER NOT NULL,
    change_password_url TEXT,
    UNIQUE (cluster_id, name)
);
CREATE TABLE IF NOT EXISTS extension_versions (
    id              TEXT PRIMARY KEY,
    extension_id    TEXT NOT NULL REFERENCES extensions(id) ON DELETE CASCADE,
    keycloak_major  INTEGER,
    label           TEXT,
    resource_key    TEXT,
    valid           INTEGER NOT NULL,
    scan_state      TEXT NOT NULL,
    risk_score      INTEGER,
    scanned_at      INTEGER,
    scanner_version TEXT,
    scan_due_at     INTEGER,
    pending_state   TEXT,
    pending_risk    INTEGER,
    override_by     TEXT,
    override_reason TEXT,
    created_at      INTEGER NOT NULL,
    applied_at      INTEGER
);
CREATE INDEX IF NOT EXISTS extension_versions_by_extension ON extension_versions(extension_id);
CREATE TABLE IF NOT EXISTS well_known_files (
    extension_id TEXT NOT NULL REFERENCES extensions(id) ON DELETE CASCADE,
    file         TEXT NOT NULL,
    resource_key TEXT NOT NULL,
    published_at INTEGER NOT NULL,
    PRIMARY KEY (extension_id, file)
);

-- Queried by store/uploads.rs
CREATE TABLE IF NOT EXISTS upload_slots (
    key          TEXT PRIMARY KEY,
    extension_id TEXT NOT NULL REFERENCES extensions(id) ON DELETE CASCADE,
    version_id   TEXT REFERENCES extension_versions(id) ON DELETE CASCADE,
    file         TEXT,
    label        TEXT,
    created_at   INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS upload_slots_by_extension ON upload_slots(extension_id);
CREATE TABLE IF NOT EXISTS blobs (
    key          TEXT PRIMARY KEY,
    bytes        BLOB NOT NULL,
    content_type TEXT,
    etag         TEXT NOT NULL,
    uploaded_at  INTEGER NOT NULL
);
-- A slot's object goes with it, whether the slot is deleted directly or by cascade.
CREATE TRIGGER IF NOT EXISTS upload_slots_drop_blob AFTER DELETE ON upload_slots
BEGIN
    DELETE FROM blobs WHERE key = OLD.key;
END;
CREATE TABLE IF NOT EXISTS sandbox_meta (
    name  TEXT PRIMARY KEY,
    value BLOB NOT NULL
);

-- Queried by store/realms.rs
CREATE TABLE IF NOT EXISTS realms (
    id           TEXT PRIMARY KEY,
    cluster_id   TEXT NOT NULL REFERENCES clusters(id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    display_name TEXT,
    state        TEXT NOT NULL,
    state_error  TEXT,
    created_at   INTEGER NOT NULL,
    created_by   TEXT,
    tags         TEXT NOT NULL,
    ready_at     INTEGER,
    failure      TEXT,
    clients      TEXT NOT NULL,
    UNIQUE (cluster_id, name)
);
CREATE TABLE IF NOT EXISTS realm_links (
    token        TEXT PRIMARY KEY,
    realm_id     TEXT NOT NULL REFERENCES realms(id) ON DELETE CASCADE,
    client_id    TEXT,
    redirect_uri TEXT,
    expires_at   INTEGER NOT NULL,
    used         INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS realm_credentials (
    client_id     TEXT PRIMARY KEY,
    realm_id      TEXT NOT NULL REFERENCES realms(id) ON DELETE CASCADE,
    name          TEXT,
    description   TEXT,
    roles         TEXT NOT NULL,
    client_secret TEXT NOT NULL,
    created_at    INTEGER NOT NULL
);

-- Queried by store/people.rs
CREATE TABLE IF NOT EXISTS people (
    id       TEXT PRIMARY KEY,
    email    TEXT NOT NULL UNIQUE,
    name     TEXT NOT NULL,
    password TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS person_roles (
    person_id TEXT NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    org_id    TEXT NOT NULL REFERENCES orgs(id),
    role      TEXT NOT NULL,
    PRIMARY KEY (person_id, org_id, role)
);
-- Support staff among the people: their tokens carry the staff client role instead of
-- organization roles (API-NOTES §2.3).
CREATE TABLE IF NOT EXISTS staff_people (
    person_id TEXT PRIMARY KEY REFERENCES people(id) ON DELETE CASCADE
);

-- Queried by store/access.rs
CREATE TABLE IF NOT EXISTS ip_rules (
    id         TEXT PRIMARY KEY,
    cluster_id TEXT NOT NULL REFERENCES clusters(id) ON DELETE CASCADE,
    category   TEXT NOT NULL,
    position   INTEGER NOT NULL,
    alias      TEXT NOT NULL,
    address    TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS ip_rules_by_cluster ON ip_rules(cluster_id);
CREATE TABLE IF NOT EXISTS telemetry_exports (
    cluster_id   TEXT PRIMARY KEY REFERENCES clusters(id) ON DELETE CASCADE,
    enabled      INTEGER NOT NULL,
    endpoint     TEXT,
    protocol     TEXT NOT NULL,
    signals      TEXT NOT NULL,
    logger_scope TEXT,
    token        TEXT,
    updated_at   INTEGER NOT NULL
);

-- Queried by store/domains.rs
CREATE TABLE IF NOT EXISTS domains (
    id         TEXT PRIMARY KEY,
    cluster_id TEXT NOT NULL REFERENCES clusters(id) ON DELETE CASCADE,
    host       TEXT NOT NULL UNIQUE,
    created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS primary_hosts (
    cluster_id TEXT PRIMARY KEY REFERENCES clusters(id) ON DELETE CASCADE,
    host       TEXT NOT NULL
);

-- Queried by store/env_vars.rs
CREATE TABLE IF NOT EXISTS env_vars (
    id         TEXT PRIMARY KEY,
    cluster_id TEXT NOT NULL REFERENCES clusters(id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    value      TEXT NOT NULL,
    kind       TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    UNIQUE (cluster_id, name)
);

-- Queried by store/staff.rs
CREATE TABLE IF NOT EXISTS staff_clients (
    client_id     TEXT PRIMARY KEY,
    client_secret TEXT NOT NULL,
    created_at    INTEGER NOT NULL
);

-- Queried by store/reviews.rs
CREATE TABLE IF NOT EXISTS scan_reports (
    version_id TEXT PRIMARY KEY REFERENCES extension_versions(id) ON DELETE CASCADE,
    report     TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS version_blocks (
    version_id TEXT PRIMARY KEY REFERENCES extension_versions(id) ON DELETE CASCADE,
    blocked_by TEXT NOT NULL,
    reason     TEXT NOT NULL,
    blocked_at INTEGER NOT NULL
);
