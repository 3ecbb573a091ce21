import { z } from "zod";
import { MAX_CURSOR_LENGTH } from "./cursor.js";

/** Shared parameter and envelope schemas; their descriptions flow into MCP and OpenAPI. */
export const limitParam = (max = 50, fallback = 20) =>
  z.number().int().min(1).max(max).default(fallback).describe(`Page size, 1..${max} (default ${fallback}).`);

export const cursorParam = z
  .string()
  .min(1)
  .max(MAX_CURSOR_LENGTH)
  .optional()
  .describe(
    "Opaque cursor from meta.next_cursor of the previous page. Send it unchanged with the same other parameters; it expires after 24 h and a traversal stops at 20 pages.",
  );

export const triState = (what: string) =>
  z.enum(["any", "yes", "no"]).optional().describe(`${what}: any (default), yes or no.`);

export const pageMetaSchema = z
  .object({
    count: z.number().int().describe("Number of items in this page."),
    total: z.number().int().nullable().describe("Total matches when known cheaply; null otherwise."),
    has_more: z.boolean().describe("True when another page exists; send next_cursor to get it."),
    next_cursor: z.string().nullable().describe("Opaque cursor for the next page, or null."),
    truncated: z
      .boolean()
      .optional()
      .describe("True when the traversal hit the 20-page cap; narrow the query to see more."),
    relaxed: z
      .array(
        z.object({
          without: z.string().describe('The word (or "quoted phrase") left out, as folded for matching.'),
          total: z
            .number()
            .int()
            .nullable()
            .describe("Videos the search finds without it (null: some, count not known)."),
        }),
      )
      .optional()
      .describe(
        "Video search only, on a first page where nothing matched every word of a query of two or more: each word whose omission finds videos (same filters), most found first; empty when leaving out any one word still finds none.",
      ),
    unmatched: z
      .array(z.string())
      .optional()
      .describe(
        'Beside relaxed: the words (or "quoted phrases") of the query that no video holds on its own (same filters), as folded for matching: a typo or a word the corpus does not use.',
      ),
  })
  .describe("Page metadata.");

export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item).describe("The items of this page."), meta: pageMetaSchema });

export const singleEnvelope = <T extends z.ZodType>(record: T) => z.object({ data: record });

export type PageMeta = z.infer<typeof pageMetaSchema>;
