-- Sample data of the demo account (development only) is marked, so the console can say so beside it.
ALTER TABLE domains ADD COLUMN sample boolean NOT NULL DEFAULT false;
