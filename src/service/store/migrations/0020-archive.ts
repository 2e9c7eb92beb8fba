/**
 * Recordings and collections: created by users through the API (and seeded by the world),
 * both expire 90 days after creation.
 */
export const sql = `
CREATE TABLE recordings (
  num INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  camera INTEGER NOT NULL REFERENCES cameras (num),
  status TEXT NOT NULL COLLATE NOCASE CHECK (status IN ('complete', 'submitted', 'failed')),
  duration INTEGER NOT NULL,
  rate REAL NOT NULL,
  start INTEGER NOT NULL,
  stop INTEGER NOT NULL,
  tags TEXT NOT NULL DEFAULT '[]',
  formats TEXT NOT NULL DEFAULT '[]',
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX recordings_camera ON recordings (camera, id);
CREATE INDEX recordings_status ON recordings (status, id);
CREATE INDEX recordings_duration ON recordings (duration, id);
CREATE INDEX recordings_start ON recordings (start, id);
CREATE INDEX recordings_stop ON recordings (stop, id);
CREATE INDEX recordings_created_at ON recordings (created_at);
CREATE TABLE recording_tags (
  recording INTEGER NOT NULL REFERENCES recordings (num) ON DELETE CASCADE,
  tag TEXT NOT NULL COLLATE NOCASE,
  PRIMARY KEY (recording, tag)
) STRICT, WITHOUT ROWID;
CREATE INDEX recording_tags_tag ON recording_tags (tag);
-- Holds its own copy of the camera's text so q needs no join; kept by the store functions.
CREATE VIRTUAL TABLE recordings_fts USING fts5 (
  id, camera_id, description, city, state, state_name, region, country, tags,
  tokenize = 'unicode61 remove_diacritics 2'
);

CREATE TABLE collections (
  num INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL COLLATE NOCASE,
  description TEXT NOT NULL DEFAULT '',
  tags TEXT NOT NULL DEFAULT '[]',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE INDEX collections_name ON collections (name, id);
CREATE INDEX collections_created_at ON collections (created_at, id);
CREATE INDEX collections_updated_at ON collections (updated_at, id);
CREATE TABLE collection_tags (
  collection INTEGER NOT NULL REFERENCES collections (num) ON DELETE CASCADE,
  tag TEXT NOT NULL COLLATE NOCASE,
  PRIMARY KEY (collection, tag)
) STRICT, WITHOUT ROWID;
CREATE INDEX collection_tags_tag ON collection_tags (tag);
-- Image names sort in binary order: the order of Show pages and of the marker.
CREATE TABLE collection_images (
  collection INTEGER NOT NULL REFERENCES collections (num) ON DELETE CASCADE,
  name TEXT NOT NULL,
  added_at INTEGER NOT NULL,
  source TEXT NOT NULL DEFAULT '{}',
  PRIMARY KEY (collection, name)
) STRICT, WITHOUT ROWID;
CREATE VIRTUAL TABLE collections_fts USING fts5 (
  id, name, description, tags, tokenize = 'unicode61 remove_diacritics 2'
);
`;
