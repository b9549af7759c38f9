/**
 * The two formats of GeoReport v2: JSON and XML (XML is the standard's required format). A
 * reply is a plain tree — records, lists and text — written either way: in XML a list is an
 * element holding one element per item, named by `itemName` (`<services><service>…`).
 */

export type Format = 'json' | 'xml';

export const CONTENT_TYPE: Record<Format, string> = {
  json: 'application/json; charset=utf-8',
  xml: 'text/xml; charset=utf-8',
};

/** `name.json` / `name.xml` → [name, format]; anything else → undefined. */
export function splitFormat(file: string): [string, Format] | undefined {
  const match = /^(.+)\.(json|xml)$/i.exec(file);
  if (!match) return undefined;
  return [match[1]!, match[2]!.toLowerCase() as Format];
}

export type Value = string | number | boolean | null | Fields | List;
export interface Fields {
  [key: string]: Value;
}
/**
 * A list and the element name of each item in XML. In JSON a list is its items' array
 * (`toJSON`), so a reply is written by `JSON.stringify` alone, without a converted copy.
 */
export class List {
  constructor(
    readonly itemName: string,
    readonly items: Value[],
  ) {}

  toJSON(): Value[] {
    return this.items;
  }
}

export const list = (itemName: string, items: Value[]): List => new List(itemName, items);

/**
 * Characters XML 1.0 cannot hold at all (C0 controls but tab, LF, CR; lone surrogates; U+FFFE,
 * U+FFFF) are dropped, so a stray control character in an appeal cannot make the document
 * unreadable; the rest is escaped.
 */
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Anything `escapeXml` would change (any surrogate, paired or not, takes the full path). */
// eslint-disable-next-line no-control-regex
const TOUCHED = /[&<>"'\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

export function escapeXml(text: string): string {
  // Most values (a description, an address, a time) need nothing: one test, no six copies.
  if (!TOUCHED.test(text)) return text;
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function toXml(name: string, value: Value): string {
  if (value === null) return `<${name}/>`;
  if (value instanceof List) {
    let xml = `<${name}>`;
    for (const item of value.items) xml += toXml(value.itemName, item);
    return `${xml}</${name}>`;
  }
  if (typeof value === 'object') {
    let xml = `<${name}>`;
    for (const key in value) xml += toXml(key, value[key] as Value);
    return `${xml}</${name}>`;
  }
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

/** The reply's text: `root` names the XML document's element (a list's or a record's). */
export function render(format: Format, root: string, value: Value): string {
  if (format === 'json') return JSON.stringify(value);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${toXml(root, value)}`;
}

/** An error reply of the standard: `[{code, description}]` or `<errors><error>…`. */
export function renderErrors(
  format: Format,
  errors: readonly { code: number; description: string }[],
): string {
  return render(format, 'errors', list('error', [...errors.map((e) => ({ ...e }))]));
}
