import { afterIngest } from "../ingest/pipeline.js";
import { systemClock } from "../shared/clock.js";
import { openDb } from "../store/sqlite/connection.js";
import { CliError, commandConfig, output, parseCommand } from "./common.js";
import { refusePostgres } from "./open-backend.js";

const USAGE = "usage: crs classify [--db FILE] [--json]\n";

/** `crs classify`: re-runs the label models (then scores and hook neighbours) over the whole corpus. */
export async function run(args: string[]): Promise<number> {
  const { values } = parseCommand(args, {}, false);
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const config = commandConfig(values);
  refusePostgres("classify", config.db);
  const db = openDb(config.db);
  try {
    const videos = (db.prepare("SELECT count(*) AS n FROM videos").get() as { n: number }).n;
    if (videos === 0) throw new CliError(`${config.db} has no videos; run 'crs init' or 'crs import' first`);
    const started = Date.now();
    afterIngest(db, systemClock.nowSeconds());
    const counts = db
      .prepare(
        `SELECT sum(label_ad) AS ads, sum(label_hook) AS hooks, sum(label_viral_hook) AS viral_hooks,
                sum(media_type = 'slideshow') AS slideshows FROM videos`,
      )
      .get() as { ads: number; hooks: number; viral_hooks: number; slideshows: number };
    const seconds = (Date.now() - started) / 1000;
    output(
      Boolean(values.json),
      { videos, ...counts, seconds },
      `classified ${videos} videos in ${seconds.toFixed(1)}s: ${counts.ads} ads, ${counts.hooks} with a hook, ${counts.viral_hooks} viral hooks`,
    );
    return 0;
  } finally {
    db.close();
  }
}
