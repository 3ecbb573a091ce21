import { readdirSync, readFileSync } from "node:fs";
import { field, parseFrontMatter } from "./front-matter.js";

export interface PromptArgument {
  name: string;
  required: boolean;
  description: string;
}

export interface PromptTemplate {
  name: string;
  title: string;
  description: string;
  arguments: PromptArgument[];
  template: string;
}

const PROMPTS_DIR = new URL("../../prompts/", import.meta.url);

/**
 * prompts/<name>.md: front matter `title`, `description` and one `argument: name | required|optional | text`
 * per argument; the body is the template with {{name}} and {{#name}}…{{/name}} (kept only when given).
 */
export function loadPrompts(dir: URL = PROMPTS_DIR): PromptTemplate[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".md"))
    .sort()
    .map((file) => {
      const { fields, body } = parseFrontMatter(readFileSync(new URL(file, dir), "utf8"));
      const args = fields
        .filter(([k]) => k === "argument")
        .map(([, v]) => {
          const [name = "", need = "optional", ...rest] = v.split("|").map((s) => s.trim());
          return { name, required: need === "required", description: rest.join("|") };
        });
      return {
        name: file.replace(/\.md$/, ""),
        title: field(fields, "title") ?? file,
        description: field(fields, "description") ?? "",
        arguments: args,
        template: body.trim(),
      };
    });
}

export function renderPrompt(prompt: PromptTemplate, args: Record<string, string | undefined>): string {
  let text = prompt.template.replace(
    /\{\{#(\w+)\}\}([\s\S]*?)\{\{\/\1\}\}/g,
    (_m, name: string, inner: string) => (args[name] ? inner : ""),
  );
  text = text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => args[name] ?? "");
  return text.replace(/\n{3,}/g, "\n\n").trim();
}
