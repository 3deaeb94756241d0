import { en, type ServerMessages } from "./en";
import { es } from "./es";

/**
 * The API's messages (errors of both doors), in the organization's language.
 * One i18n shape for the server and the dashboard (docs/decisions.md, "One
 * i18n shape"): a dictionary per language, English defining the type,
 * strings or functions of their parameters; here addressed by a dotted key
 * (`auth.missingScope`) so an error can carry its message unrendered until
 * the door knows the reader's language.
 */
export type Locale = "en" | "es";

const MESSAGES: Record<Locale, ServerMessages> = { en, es };

type Message = string | ((params: never) => string);

/** Every dotted path to a message of a dictionary. */
type KeysOf<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends Message ? `${Prefix}${K}` : KeysOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type MessageKey = KeysOf<ServerMessages>;
export type MessageParams = Record<string, string | number>;

function lookup(dictionary: ServerMessages, key: string): Message | undefined {
  let node: unknown = dictionary;
  for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === "string" || typeof node === "function" ? (node as Message) : undefined;
}

export function isMessageKey(value: string): value is MessageKey {
  return lookup(en, value) !== undefined;
}

export function translate(key: MessageKey, locale: Locale, params: MessageParams = {}): string {
  const message = lookup(MESSAGES[locale], key) ?? lookup(en, key);
  if (message === undefined) return key;
  return typeof message === "string" ? message : (message as (params: MessageParams) => string)(params);
}
