import { z } from "zod";

/** Parameter schemas shared by several tools (bounds from the contract). */
export const regionParam = z
  .string()
  .regex(/^[A-Z]{2}$/)
  .optional()
  .describe("Two upper-case letters (ISO 3166-1 alpha-2), e.g. US, GB, BR.");

export const languageParam = z
  .string()
  .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/)
  .max(35)
  .optional()
  .describe("Language code (ISO 639-1, optionally with a subtag), lower case, e.g. en, es, pt-BR.");

export const idParam = (what: string) => z.string().min(1).max(256).describe(what);
