import type { OutboundContent, TemplateContent } from "../providers/messaging-provider";

/** How a template message reads on the timeline: its name, language and the values sent (the text lives at the provider). */
export function describeTemplate(template: TemplateContent): string {
  const values = template.parameters.length > 0 ? `: ${template.parameters.join(" · ")}` : "";
  return `Template ${template.name} (${template.language})${values}`;
}

export function textOf(content: OutboundContent): string {
  return content.type === "text" ? content.text : describeTemplate(content.template);
}
