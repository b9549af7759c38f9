import { XMLParser } from 'fast-xml-parser';

/**
 * Our Open311 replies compared with the GeoReport v2 specification's example replies, field by
 * field (conformance.test.ts): the same fields and elements, nested alike, each value of the
 * example's kind. Lists the differences; none means conformant.
 */

/** W3C date-time with its zone, as the standard requires of every date-time field. */
const W3 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/;
/** Identifiers: the examples use numbers, the standard only asks for a unique value. */
const IDS = new Set(['service_request_id', 'service_code', 'key']);
/**
 * Fields the standard marks "May not be returned", and the address id and postcode this
 * system does not keep: null or empty here even where the example has a value.
 */
const OPTIONAL = new Set([
  'status_notes',
  'agency_responsible',
  'service_notice',
  'expected_datetime',
  'account_id',
  'address_id',
  'zipcode',
  'datatype_description',
]);
const ENUMS: Record<string, string[]> = {
  status: ['open', 'closed'],
  type: ['realtime', 'batch', 'blackbox'],
  datatype: ['string', 'number', 'datetime', 'text', 'singlevaluelist', 'multivaluelist'],
};

/** Why our value is not of the example's kind (`''` when it is). JSON or XML text. */
function kindProblem(field: string, example: unknown, ours: unknown, xml: boolean): string {
  const empty = ours === null || ours === '';
  if (empty && (OPTIONAL.has(field) || example === null || example === '')) return '';
  if (ENUMS[field]) return ENUMS[field].includes(String(ours)) ? '' : `not one of ${ENUMS[field]}`;
  if (typeof example === 'string' && W3.test(example)) {
    return typeof ours === 'string' && W3.test(ours) ? '' : 'not a W3C date-time with its zone';
  }
  if (example === null || example === '') {
    return ['string', 'number'].includes(typeof ours) ? '' : 'not a text';
  }
  const exampleKind = xml ? kindOfText(field, String(example)) : typeof example;
  const ourKind = xml ? kindOfText(field, String(ours)) : typeof ours;
  if (IDS.has(field)) return ourKind !== 'boolean' && !empty ? '' : 'not an identifier';
  return exampleKind === ourKind ? '' : `${ourKind}, the example has a ${exampleKind}`;
}

function kindOfText(field: string, text: string): string {
  if (text === 'true' || text === 'false') return 'boolean';
  if (!IDS.has(field) && text !== '' && Number.isFinite(Number(text))) return 'number';
  return 'string';
}

/** Every difference between the example's JSON and ours, as `path: problem`. */
export function jsonDifferences(
  example: unknown,
  ours: unknown,
  path: string,
  out: string[],
): void {
  if (Array.isArray(example)) {
    if (!Array.isArray(ours) || ours.length === 0) {
      out.push(`${path}: a non-empty list expected`);
      return;
    }
    ours.forEach((item, i) => jsonDifferences(example[0], item, `${path}[${i}]`, out));
    return;
  }
  if (typeof example === 'object' && example !== null) {
    if (typeof ours !== 'object' || ours === null || Array.isArray(ours)) {
      out.push(`${path}: a record expected`);
      return;
    }
    const want = Object.keys(example).sort();
    const have = Object.keys(ours).sort();
    if (want.join() !== have.join()) out.push(`${path}: fields ${have} instead of ${want}`);
    for (const key of want) {
      const e = (example as Record<string, unknown>)[key];
      const o = (ours as Record<string, unknown>)[key];
      if (typeof e === 'object' && e !== null) jsonDifferences(e, o, `${path}.${key}`, out);
      else {
        const problem = kindProblem(key, e, o, false);
        if (problem) out.push(`${path}.${key} = ${JSON.stringify(o)}: ${problem}`);
      }
    }
  }
}

export const xmlParser = new XMLParser({
  parseTagValue: false,
  ignoreDeclaration: true,
  isArray: (name) =>
    ['service', 'request', 'error', 'attribute', 'value', 'endpoint', 'format'].includes(name),
});

/** The same for the XML documents, element by element. */
export function xmlDifferences(example: unknown, ours: unknown, path: string, out: string[]): void {
  if (Array.isArray(example)) {
    if (!Array.isArray(ours) || ours.length === 0) {
      out.push(`${path}: at least one element expected`);
      return;
    }
    ours.forEach((item, i) => xmlDifferences(example[0], item, `${path}[${i}]`, out));
    return;
  }
  if (typeof example === 'object' && example !== null) {
    if (typeof ours !== 'object' || ours === null) {
      out.push(`${path}: child elements expected`);
      return;
    }
    const want = Object.keys(example).sort();
    const have = Object.keys(ours).sort();
    if (want.join() !== have.join()) out.push(`${path}: elements ${have} instead of ${want}`);
    for (const key of want) {
      const e = (example as Record<string, unknown>)[key];
      const o = (ours as Record<string, unknown>)[key];
      if (typeof e === 'object' && e !== null) xmlDifferences(e, o, `${path}/${key}`, out);
      else {
        const problem = kindProblem(key, e, o, true);
        if (problem) out.push(`${path}/${key} = ${JSON.stringify(o)}: ${problem}`);
      }
    }
  }
}
