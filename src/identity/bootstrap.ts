import type { Db } from "../store/connection.js";

export interface BootstrapResult {
  org: { id: string; name: string };
  user: { id: string; email: string };
  key: { id: string; secret: string; prefix: string; scopes: string[] };
}

// Placeholder owned by the identity layer: org `default`, user `admin@localhost`, a key with both scopes.
export function bootstrapIdentity(_db: Db, _secret: string, _now: number): BootstrapResult {
  throw new Error("bootstrapIdentity is not implemented yet");
}
