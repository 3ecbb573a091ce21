import type { Migration } from "./types.js";

/**
 * The collection (scrape) each video was found in: the Apify search or hashtag input that returned it
 * ("hotelcantho"), or the name `crs import --collection` gives a whole file ("trending-dec2020"). A video
 * found by several searches is in each. The analyst filters and groups by it ("the hotelcantho search",
 * "per search"); the primary key serves the filter and the loose scan of the names, the second index a
 * video's collections.
 */
export const videoCollections015: Migration = {
  version: 15,
  name: "video-collections",
  sql: `
CREATE TABLE video_collections (
  collection TEXT NOT NULL,
  video_id   TEXT NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  PRIMARY KEY (collection, video_id)
) WITHOUT ROWID;
CREATE INDEX video_collections_video ON video_collections(video_id);
`,
};
