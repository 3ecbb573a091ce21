import { afterIngest } from "../ingest/pipeline.js";
import { systemClock } from "../shared/clock.js";
import { describeUrl, isPostgresUrl } from "../store/postgres/url.js";
import type { Db } from "../store/sqlite/connection.js";
import { CliError, commandConfig, output, parseCommand } from "./common.js";
import { onCorpus } from "./open-backend.js";

const USAGE = "usage: crs classify [--db FILE|postgres://…] [--json]\n";

const describeLocation = (db: string) => (isPostgresUrl(db) ? describeUrl(db) : db);

/** `crs classify`: re-runs the label models (then scores and hook neighbours) over the whole corpus. */
export async function run(args: string[]): Promise<number> {
  const { values } = parseCommand(args, {}, false);
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const config = commandConfig(values);
  const started = Date.now();
  const work = async (db: Db) => {
    const videos = (db.prepare("SELECT count(*) AS n FROM videos").get() as { n: number }).n;
    if (videos === 0)
      throw new CliError(
        `${describeLocation(config.db)} has no videos; run 'crs init' or 'crs import' first`,
      );
    afterIngest(db, systemClock.nowSeconds());
    const counts = db
      .prepare(
        `SELECT sum(label_ad) AS ads, sum(label_hook) AS hooks, sum(label_viral_hook) AS viral_hooks,
                sum(media_type = 'slideshow') AS slideshows FROM videos`,
      )
      .get() as { ads: number; hooks: number; viral_hooks: number; slideshows: number };
    return { videos, ...counts };
  };
  const result = await onCorpus("classify", config.db, work);
  const seconds = (Date.now() - started) / 1000;
  output(
    Boolean(values.json),
    { ...result, seconds },
    `classified ${result.videos} videos in ${seconds.toFixed(1)}s: ${result.ads} ads, ${result.hooks} with a hook, ${result.viral_hooks} viral hooks`,
  );
  return 0;
}
