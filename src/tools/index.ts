import { defineTools } from "../registry/define.js";
import { getAdvertiserTool } from "./advertisers/get-advertiser.js";
import { listAdvertiserVideosTool } from "./advertisers/list-advertiser-videos.js";
import { searchAdvertisersTool } from "./advertisers/search-advertisers.js";
import { analyzeTool } from "./analyst/analyze.js";
import { getCreatorTool } from "./creators/get-creator.js";
import { listCreatorVideosTool } from "./creators/list-creator-videos.js";
import { searchCreatorsTool } from "./creators/search-creators.js";
import { listFeedTool } from "./feeds/list-feed.js";
import { getTrendTool } from "./trends/get-trend.js";
import { listTrendsTool } from "./trends/list-trends.js";
import { getUsageTool } from "./usage/get-usage.js";
import { findSimilarHooksTool } from "./videos/find-similar-hooks.js";
import { getVideoTool } from "./videos/get-video.js";
import { searchVideosTool } from "./videos/search-videos.js";

/** The contract's 14 tools, in the contract's order. */
export const allTools = defineTools(
  searchVideosTool,
  getVideoTool,
  findSimilarHooksTool,
  listFeedTool,
  searchCreatorsTool,
  getCreatorTool,
  listCreatorVideosTool,
  searchAdvertisersTool,
  getAdvertiserTool,
  listAdvertiserVideosTool,
  listTrendsTool,
  getTrendTool,
  getUsageTool,
  analyzeTool,
);
