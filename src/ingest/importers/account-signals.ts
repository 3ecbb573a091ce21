import { objectAt, optionalBool, optionalText } from "./fields.js";
import type { AccountSignals } from "./types.js";

type Bag = Record<string, unknown>;

/**
 * What a record says about the author's account beyond handle, followers and verified (which `creators`
 * keeps): a business/commerce account and its category, a TikTok Shop seller, the link in the bio, a
 * private account. Each is null when the format does not carry it, so a poorer import never erases it.
 * These are the account-level signals the `ad` model reads (src/ingest/classify/ad-signals.ts).
 */
export type { AccountSignals };

export const NO_ACCOUNT_SIGNALS: AccountSignals = {
  business: null,
  category: null,
  seller: null,
  bioLink: null,
  privateAccount: null,
};

/** True when a format carried at least one account signal. */
export function hasAccountSignals(s: AccountSignals | null | undefined): s is AccountSignals {
  return (
    s != null &&
    (s.business !== null ||
      s.category !== null ||
      s.seller !== null ||
      s.bioLink !== null ||
      s.privateAccount !== null)
  );
}

/** A bio link may come as a string or as `{ link: "…" }` (TikTok web). */
function bioLinkOf(value: unknown, field: string): string | null {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const link = (value as Bag).link;
    return typeof link === "string" ? link.trim() : null;
  }
  const text = optionalText(value, field);
  return text === null ? null : text.trim();
}

/**
 * Account signals of an author object: Apify/collector `authorMeta`, TikTok web `author`. Malformed values
 * reject the record like any other field (RecordError with the field's name).
 */
export function accountSignalsOf(author: Bag, prefix: string): AccountSignals {
  const commerce = objectAt(author, "commerceUserInfo");
  const business = optionalBool(commerce.commerceUser, `${prefix}.commerceUserInfo.commerceUser`);
  const category = optionalText(commerce.category, `${prefix}.commerceUserInfo.category`);
  return {
    business,
    category: category?.trim() ? category.trim() : null,
    seller: optionalBool(author.ttSeller, `${prefix}.ttSeller`),
    bioLink: bioLinkOf(author.bioLink, `${prefix}.bioLink`),
    privateAccount: optionalBool(author.privateAccount ?? author.privateItem, `${prefix}.privateAccount`),
  };
}
