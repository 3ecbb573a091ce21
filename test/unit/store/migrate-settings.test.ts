import { describe, expect, it } from "vitest";
import { openDb } from "../../../src/store/connection.js";
import Database from "../../../src/store/sqlite/driver.js";
import { latestVersion } from "../../../src/store/sqlite/migrate.js";
import { migrations } from "../../../src/store/sqlite/migrations/index.js";
import { tempDb } from "../../helpers/db.js";

describe("migration 10 (the settings web app)", () => {
  it("gives each existing organisation one owner: its earliest member", () => {
    const { file } = tempDb();
    const oldFile = `${file}.v9`;
    const old = new Database(oldFile);
    old.pragma("foreign_keys = ON");
    for (const m of migrations.filter((m) => m.version <= 9)) old.exec(m.sql);
    old.pragma("user_version = 9");
    old.exec(`
      INSERT INTO organisations (id, name, created_at, updated_at) VALUES ('o1', 'one', 1, 1), ('o2', 'two', 1, 1), ('o3', 'three', 1, 1);
      INSERT INTO users (id, email, created_at) VALUES ('u1', 'a@x.test', 1), ('u2', 'b@x.test', 1), ('u3', 'c@x.test', 1);
      INSERT INTO memberships (id, user_id, org_id, created_at) VALUES
        ('m1', 'u2', 'o1', 20), ('m2', 'u1', 'o1', 10), ('m3', 'u3', 'o1', 30),
        ('m4', 'u3', 'o2', 5), ('m5', 'u1', 'o2', 5);
    `);
    old.close();

    const db = openDb(oldFile);
    expect(db.pragma("user_version", { simple: true })).toBe(latestVersion());
    const roles = db.prepare("SELECT id, role FROM memberships ORDER BY id").all();
    expect(roles).toEqual([
      { id: "m1", role: "member" },
      { id: "m2", role: "owner" },
      { id: "m3", role: "member" },
      // Same moment: the one inserted first.
      { id: "m4", role: "owner" },
      { id: "m5", role: "member" },
    ]);
    for (const table of ["user_passwords", "user_invites", "settings_sessions", "signin_failures"])
      expect(db.prepare(`SELECT count(*) AS n FROM ${table}`).get()).toEqual({ n: 0 });
    expect(() => db.prepare("UPDATE memberships SET role = 'admin' WHERE id = 'm1'").run()).toThrow(
      /CHECK constraint/,
    );
    db.close();
  });
});
