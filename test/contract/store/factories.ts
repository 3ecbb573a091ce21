import { rmSync } from "node:fs";
import { HOUR } from "../../../src/shared/clock.js";
import { CorpusWriter } from "../../../src/store/sqlite/corpus-writer.js";
import { computeHookNeighbors } from "../../../src/store/sqlite/hook-neighbors/index.js";
import { createSqliteStore } from "../../../src/store/sqlite/index.js";
import { refreshScores } from "../../../src/store/sqlite/refresh/scores.js";
import type { Store } from "../../../src/store/types.js";
import { tempDb } from "../../helpers/db.js";
import type { Fixture } from "./fixture.js";

/** A store loaded with a fixture; close() releases it and whatever it ran on. */
export interface StoreUnderTest {
  store: Store;
  close(): void;
}

/**
 * How the contract gets a store of one implementation. A factory loads the fixture through its own write
 * path and runs its refresh (scores, aggregates, hook neighbours) as of `fixture.now`. The PostgreSQL store
 * adds its factory here.
 */
export interface StoreFactory {
  name: string;
  create(fixture: Fixture): StoreUnderTest;
}

export const sqliteFactory: StoreFactory = {
  name: "sqlite",
  create(fixture) {
    const { db, dir } = tempDb();
    const writer = new CorpusWriter(db);
    writer.batch(() => {
      for (const a of fixture.advertisers)
        writer.upsertAdvertiser(
          {
            id: a.id,
            name: a.name,
            focus: a.focus,
            industry: null,
            domain: a.domain,
            aliases: a.aliases.map((alias) => ({ kind: "handle" as const, alias })),
            firstSeen: a.firstSeen,
          },
          fixture.now,
        );
      for (const c of fixture.creators)
        c.handles.forEach((handle, i) => {
          writer.upsertCreator(
            {
              uid: c.uid,
              handle,
              nickname: c.nickname,
              followers: c.followers,
              verified: false,
              region: "US",
              observedAt: c.firstSeen + i * HOUR,
            },
            fixture.now,
          );
        });
      for (const v of fixture.videos) {
        writer.upsertVideo(
          {
            id: v.id,
            caption: v.caption,
            hookText: v.hook,
            transcript: null,
            createdAt: v.createdAt,
            mediaType: v.media,
            region: v.region,
            language: "en",
            durationS: 20,
            musicId: null,
            musicTitle: null,
            musicAuthor: null,
            hashtags: v.hashtags,
            authorUid: v.author,
            advertiserId: v.advertiserId,
            platformAd: null,
            platformAdEvidence: null,
            url: null,
            source: "contract",
          },
          v.createdAt,
        );
        const snapshots = [...v.history, { observedAt: fixture.now - HOUR, plays: v.plays }];
        writer.addSnapshotsFresh(
          v.id,
          snapshots.map((s) => ({
            observedAt: s.observedAt,
            plays: s.plays,
            likes: Math.round(s.plays / 10),
            comments: Math.round(s.plays / 100),
            shares: Math.round(s.plays / 200),
            saves: 0,
          })),
        );
        const label = (name: string, value: string) => ({
          label: name,
          value,
          confidence: 0.9,
          modelVersion: "contract-1",
          evidence: "",
          observedAt: fixture.now,
        });
        writer.setLabels(v.id, [
          label("ad", v.ad ? "yes" : "no"),
          label("hook", v.hook ? (v.hookType ?? "statement") : "no"),
          label("viral_hook", v.viral ? "yes" : "no"),
        ]);
      }
    });
    refreshScores(db, fixture.now);
    computeHookNeighbors(db);
    return {
      store: createSqliteStore(db),
      close() {
        db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

/** Every implementation the contract runs against. */
export const storeFactories: readonly StoreFactory[] = [sqliteFactory];
