import { readdirSync, readFileSync } from "node:fs";
import { field, parseFrontMatter } from "./front-matter.js";

export interface Guide {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
  text: string;
}

const RESOURCES_DIR = new URL("../../resources/", import.meta.url);

/** The guides in resources/*.md, served as service://guide/<file name>. Read once at start-up. */
export function loadGuides(dir: URL = RESOURCES_DIR): Guide[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".md"))
    .sort()
    .map((file) => {
      const slug = file.replace(/\.md$/, "");
      const { fields, body } = parseFrontMatter(readFileSync(new URL(file, dir), "utf8"));
      return {
        uri: `service://guide/${slug}`,
        name: `guide-${slug}`,
        title: field(fields, "title") ?? slug,
        description: field(fields, "description") ?? "",
        mimeType: "text/markdown",
        text: body,
      };
    });
}
