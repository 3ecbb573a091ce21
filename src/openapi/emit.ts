import { writeFileSync } from "node:fs";
import { loadConfig, publicUrls } from "../config/index.js";
import { allTools } from "../tools/index.js";
import { buildOpenApi, serialiseOpenApi } from "./build.js";

/**
 * Writes the OpenAPI document for the configured public URL (default http://127.0.0.1:8787) to a file or
 * stdout, without a database: CI lints it with Redocly (`npm run lint:openapi`).
 */
const target = process.argv[2];
const config = loadConfig();
const text = serialiseOpenApi(buildOpenApi(allTools, publicUrls(config)));
if (target) writeFileSync(target, text);
else process.stdout.write(text);
