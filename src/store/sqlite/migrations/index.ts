import { core001 } from "./001-core.js";
import { engine003 } from "./003-engine.js";
import { limits005 } from "./005-limits.js";
import { analyst006 } from "./006-analyst.js";
import { search007 } from "./007-search.js";
import { videosRowid008 } from "./008-videos-rowid.js";
import { hookNeighbors009 } from "./009-hook-neighbors.js";
import { settings010 } from "./010-settings.js";
import { sharedLimits011 } from "./011-shared-limits.js";
import { accountSignals012 } from "./012-account-signals.js";
import { searchFold013 } from "./013-search-fold.js";
import { corpusCodes014 } from "./014-corpus-codes.js";
import { videoCollections015 } from "./015-video-collections.js";
import type { Migration } from "./types.js";

export type { Migration } from "./types.js";

/**
 * Numbered migrations. Numbers are reserved per layer so parallel work never collides:
 * 001 core schema · 002 ingest · 003 engine · 004 identity · 005 limits · 006 analyst · 007+ later.
 * A gap is fine: the runner applies every version above `user_version` in order.
 */
export const migrations: Migration[] = [
  core001,
  engine003,
  limits005,
  analyst006,
  search007,
  videosRowid008,
  hookNeighbors009,
  settings010,
  sharedLimits011,
  accountSignals012,
  searchFold013,
  corpusCodes014,
  videoCollections015,
];
