-- Zones are searched by title or name through trigram indexes (docs/zones.md); pg_trgm ships with PostgreSQL.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
