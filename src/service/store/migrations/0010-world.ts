/** The synthetic world: cameras, observations, alerts, and their search indexes. */
export const sql = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;

CREATE TABLE cameras (
  num INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  lon REAL NOT NULL,
  lat REAL NOT NULL,
  country TEXT NOT NULL COLLATE NOCASE,
  state TEXT NOT NULL COLLATE NOCASE,
  state_name TEXT NOT NULL,
  city TEXT NOT NULL COLLATE NOCASE,
  region TEXT NOT NULL COLLATE NOCASE,
  provider TEXT NOT NULL COLLATE NOCASE,
  description TEXT NOT NULL,
  direction TEXT NOT NULL COLLATE NOCASE,
  video INTEGER NOT NULL,
  idx INTEGER NOT NULL
) STRICT;
CREATE INDEX cameras_city ON cameras (city, id);
CREATE INDEX cameras_region ON cameras (region, id);
CREATE INDEX cameras_state ON cameras (state, id);
CREATE INDEX cameras_country ON cameras (country, id);
CREATE INDEX cameras_direction ON cameras (direction, id);
CREATE INDEX cameras_provider ON cameras (provider, id);
CREATE VIRTUAL TABLE cameras_rtree USING rtree (num, min_lon, max_lon, min_lat, max_lat);
CREATE VIRTUAL TABLE cameras_fts USING fts5 (
  id, description, city, state, state_name, country, provider, region,
  content = 'cameras', content_rowid = 'num', tokenize = 'unicode61 remove_diacritics 2'
);

-- One row per camera and ten-minute mark. Times are epoch seconds; visibility is stored in
-- tenths (-10, 0, 2, 5, 10) to keep rows small; prev_* are null on a camera's first row.
-- The (time, camera) index is created after the bulk insert of the history.
CREATE TABLE observations (
  camera INTEGER NOT NULL,
  time INTEGER NOT NULL,
  rw INTEGER NOT NULL,
  vis INTEGER NOT NULL,
  pr INTEGER NOT NULL,
  prev_rw INTEGER,
  prev_vis INTEGER,
  prev_pr INTEGER,
  PRIMARY KEY (camera, time)
) STRICT, WITHOUT ROWID;

CREATE TABLE alerts (
  num INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  origin TEXT NOT NULL,
  event TEXT NOT NULL COLLATE NOCASE,
  headline TEXT NOT NULL,
  states TEXT NOT NULL,
  first_state TEXT NOT NULL COLLATE NOCASE,
  country TEXT NOT NULL COLLATE NOCASE,
  area_desc TEXT NOT NULL,
  description TEXT NOT NULL,
  effective INTEGER NOT NULL,
  expires INTEGER NOT NULL,
  updated INTEGER NOT NULL,
  urgency INTEGER NOT NULL,
  severity INTEGER NOT NULL,
  certainty INTEGER NOT NULL,
  status TEXT NOT NULL,
  polygon TEXT NOT NULL,
  min_lon REAL NOT NULL,
  min_lat REAL NOT NULL,
  max_lon REAL NOT NULL,
  max_lat REAL NOT NULL,
  source TEXT NOT NULL
) STRICT;
CREATE INDEX alerts_event ON alerts (event, id);
CREATE INDEX alerts_first_state ON alerts (first_state, id);
CREATE INDEX alerts_country ON alerts (country, id);
CREATE INDEX alerts_effective ON alerts (effective, id);
CREATE INDEX alerts_expires ON alerts (expires, id);
CREATE INDEX alerts_urgency ON alerts (urgency, id);
CREATE INDEX alerts_severity ON alerts (severity, id);
CREATE INDEX alerts_certainty ON alerts (certainty, id);
CREATE INDEX alerts_source ON alerts (source);
-- An alert is listed under each of its states, by code and by name.
CREATE TABLE alert_states (
  alert INTEGER NOT NULL REFERENCES alerts (num) ON DELETE CASCADE,
  code TEXT NOT NULL COLLATE NOCASE,
  name TEXT NOT NULL COLLATE NOCASE,
  PRIMARY KEY (alert, code)
) STRICT, WITHOUT ROWID;
CREATE INDEX alert_states_code ON alert_states (code);
CREATE INDEX alert_states_name ON alert_states (name);
CREATE VIRTUAL TABLE alerts_rtree USING rtree (num, min_lon, max_lon, min_lat, max_lat);
CREATE VIRTUAL TABLE alerts_fts USING fts5 (
  id, event, headline, area_desc, description, states,
  content = 'alerts', content_rowid = 'num', tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TRIGGER alerts_fts_insert AFTER INSERT ON alerts BEGIN
  INSERT INTO alerts_fts (rowid, id, event, headline, area_desc, description, states)
  VALUES (new.num, new.id, new.event, new.headline, new.area_desc, new.description, new.states);
  INSERT INTO alerts_rtree VALUES (new.num, new.min_lon, new.max_lon, new.min_lat, new.max_lat);
END;
CREATE TRIGGER alerts_fts_delete AFTER DELETE ON alerts BEGIN
  INSERT INTO alerts_fts (alerts_fts, rowid, id, event, headline, area_desc, description, states)
  VALUES ('delete', old.num, old.id, old.event, old.headline, old.area_desc, old.description, old.states);
  DELETE FROM alerts_rtree WHERE num = old.num;
END;
CREATE TRIGGER alerts_fts_update AFTER UPDATE ON alerts BEGIN
  INSERT INTO alerts_fts (alerts_fts, rowid, id, event, headline, area_desc, description, states)
  VALUES ('delete', old.num, old.id, old.event, old.headline, old.area_desc, old.description, old.states);
  INSERT INTO alerts_fts (rowid, id, event, headline, area_desc, description, states)
  VALUES (new.num, new.id, new.event, new.headline, new.area_desc, new.description, new.states);
  UPDATE alerts_rtree SET min_lon = new.min_lon, max_lon = new.max_lon,
    min_lat = new.min_lat, max_lat = new.max_lat WHERE num = new.num;
END;
`;
