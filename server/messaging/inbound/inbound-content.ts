import type { InboundMessage } from "../webhook/webhook-payload";

export interface InboundContent {
  /** The provider's message type: text, image, location, … */
  type: string;
  /** The text, caption, title or a short description. */
  text: string;
}

/** Types that are not messages from the contact to log: reactions to ours, system notices. */
const IGNORED_TYPES = new Set(["reaction", "system", "ephemeral", "request_welcome"]);

function labelled(type: string, detail: string | undefined): string {
  return detail ? `[${type}] ${detail}` : `[${type}]`;
}

/** What an inbound message says, as text for the conversation and the timeline; null for what is not worth logging. */
export function inboundContent(message: InboundMessage): InboundContent | null {
  const type = message.type;
  if (IGNORED_TYPES.has(type)) return null;
  switch (type) {
    case "text":
      return { type, text: message.text?.body ?? "" };
    case "image":
    case "video":
    case "audio":
    case "sticker":
      return { type, text: labelled(type, message[type]?.caption) };
    case "document":
      return { type, text: labelled(type, message.document?.caption ?? message.document?.filename) };
    case "location": {
      const place = [message.location?.name, message.location?.address].filter(Boolean).join(", ");
      const at = message.location?.latitude !== undefined ? `${message.location.latitude}, ${message.location.longitude}` : undefined;
      return { type, text: labelled(type, place || at) };
    }
    case "contacts":
      return { type, text: labelled(type, message.contacts?.map((contact) => contact.name?.formatted_name).filter(Boolean).join(", ")) };
    case "button":
      return { type, text: message.button?.text ?? "" };
    case "interactive":
      return { type, text: message.interactive?.button_reply?.title ?? message.interactive?.list_reply?.title ?? "" };
    default:
      return { type, text: labelled(type, undefined) };
  }
}
