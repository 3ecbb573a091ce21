import { afterAll } from "vitest";
import { removeTempDirs } from "./helpers/temp.js";

// Registered before any test file's own hooks, so it runs after them (after-hooks run in reverse order): a full run
// used to leave some 150 databases in the temp folder, 3.4 GB after a day's work.
afterAll(removeTempDirs);
