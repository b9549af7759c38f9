/**
 * The example replies of the GeoReport v2 specification (wiki.open311.org/GeoReport_v2,
 * "Example response" of each method, and "Errors"), in both of its formats: every element and
 * field the standard shows, nested as it nests them, with values of the same kind (long texts
 * shortened to "…"). The conformance suite answers each one field by field.
 *
 * Where the specification's JSON is not valid JSON (`"service_code":001`), the value is written
 * as the text the XML example has (`<service_code>001</service_code>`).
 */

export interface GeoReportExample {
  /** What the specification calls it. */
  name: string;
  /** The sample URL's resource, with `{f}` for the format. */
  path: string;
  /** The XML document's root element and the element of each item (null: one record). */
  root: string;
  item: string | null;
  json: unknown;
  xml: string;
}

const X = '<?xml version="1.0" encoding="utf-8"?>';

export const SERVICE_LIST: GeoReportExample = {
  name: 'GET Service List',
  path: 'services.{f}?jurisdiction_id=city.gov',
  root: 'services',
  item: 'service',
  json: [
    {
      service_code: '001',
      service_name: 'Cans left out 24x7',
      description: 'Garbage or recycling cans left out…',
      metadata: true,
      type: 'realtime',
      keywords: 'lorem, ipsum, dolor',
      group: 'sanitation',
    },
    {
      service_code: '002',
      metadata: true,
      type: 'realtime',
      keywords: 'lorem, ipsum, dolor',
      group: 'street',
      service_name: 'Construction plate shifted',
      description: 'Metal construction plate…',
    },
  ],
  xml:
    `${X}<services>` +
    '<service><service_code>001</service_code><service_name>Cans left out 24x7</service_name>' +
    '<description>Garbage or recycling cans left out…</description><metadata>true</metadata>' +
    '<type>realtime</type><keywords>lorem, ipsum, dolor</keywords><group>sanitation</group>' +
    '</service>' +
    '<service><service_code>002</service_code><metadata>true</metadata><type>realtime</type>' +
    '<keywords>lorem, ipsum, dolor</keywords><group>street</group>' +
    '<service_name>Construction plate shifted</service_name>' +
    '<description>Metal construction plate…</description></service>' +
    '</services>',
};

export const SERVICE_DEFINITION: GeoReportExample = {
  name: 'GET Service Definition',
  path: 'services/{code}.{f}?jurisdiction_id=city.gov',
  root: 'service_definition',
  item: null,
  json: {
    service_code: 'DMV66',
    attributes: [
      {
        variable: true,
        code: 'WHISHETN',
        datatype: 'singlevaluelist',
        required: true,
        datatype_description: null,
        order: 1,
        description: 'What is the ticket/tag/DL number?',
        values: [
          { key: 123, name: 'Ford' },
          { key: 124, name: 'Chrysler' },
        ],
      },
    ],
  },
  xml:
    `${X}<service_definition><service_code>DMV66</service_code><attributes><attribute>` +
    '<variable>true</variable><code>WHISHETN</code><datatype>singlevaluelist</datatype>' +
    '<required>true</required><datatype_description></datatype_description><order>1</order>' +
    '<description>What is the ticket/tag/DL number?</description><values>' +
    '<value><key>123</key><name>Ford</name></value>' +
    '<value><key>124</key><name>Chrysler</name></value>' +
    '</values></attribute></attributes></service_definition>',
};

/** The example request's form fields (values ours; `{…}` filled in by the suite). */
export const POST_REQUEST_FORM: Record<string, string> = {
  api_key: '{api_key}',
  jurisdiction_id: 'city.gov',
  service_code: '{service_code}',
  lat: '30.27415',
  long: '120.15515',
  address_string: '文一路 100 号',
  email: 'citizen@example.com',
  device_id: 'tt222111',
  account_id: '123456',
  first_name: '小明',
  last_name: '王',
  phone: '111111111',
  description: 'A large sinkhole is destroying the street',
  media_url: 'http://farm3.static.example.com/2212426634.jpg',
  'attribute[WHISPAWN]': '123456',
  'attribute[WHISDORN]': 'COISL001',
};

export const POST_REQUEST: GeoReportExample = {
  name: 'POST Service Request',
  path: 'requests.{f}',
  root: 'service_requests',
  item: 'request',
  json: [
    { service_request_id: 293944, service_notice: 'The City will inspect…', account_id: null },
  ],
  xml:
    `${X}<service_requests><request><service_request_id>293944</service_request_id>` +
    '<service_notice>The City will inspect…</service_notice><account_id/></request>' +
    '</service_requests>',
};

const REQUEST_JSON = {
  service_request_id: 638344,
  status: 'closed',
  status_notes: 'Duplicate request.',
  service_name: 'Sidewalk and Curb Issues',
  service_code: '006',
  description: null,
  agency_responsible: null,
  service_notice: null,
  requested_datetime: '2010-04-14T06:37:38-08:00',
  updated_datetime: '2010-04-14T06:37:38-08:00',
  expected_datetime: '2010-04-15T06:37:38-08:00',
  address: '8TH AVE and JUDAH ST',
  address_id: 545483,
  zipcode: 94122,
  lat: 37.762221815,
  long: -122.4651145,
  media_url: 'http://city.gov.s3.amazonaws.com/requests/media/638344.jpg',
};

const REQUEST_XML =
  '<request><service_request_id>638344</service_request_id><status>closed</status>' +
  '<status_notes>Duplicate request.</status_notes>' +
  '<service_name>Sidewalk and Curb Issues</service_name><service_code>006</service_code>' +
  '<description></description><agency_responsible></agency_responsible>' +
  '<service_notice></service_notice>' +
  '<requested_datetime>2010-04-14T06:37:38-08:00</requested_datetime>' +
  '<updated_datetime>2010-04-14T06:37:38-08:00</updated_datetime>' +
  '<expected_datetime>2010-04-15T06:37:38-08:00</expected_datetime>' +
  '<address>8TH AVE and JUDAH ST</address><address_id>545483</address_id>' +
  '<zipcode>94122</zipcode><lat>37.762221815</lat><long>-122.4651145</long>' +
  '<media_url>http://city.gov.s3.amazonaws.com/requests/media/638344.jpg</media_url></request>';

export const SERVICE_REQUESTS: GeoReportExample = {
  name: 'GET Service Requests',
  path: 'requests.{f}?start_date={start}&end_date={end}&status=open&jurisdiction_id=city.gov',
  root: 'service_requests',
  item: 'request',
  json: [REQUEST_JSON, { ...REQUEST_JSON, service_request_id: 638349, status: 'open' }],
  xml: `${X}<service_requests>${REQUEST_XML}${REQUEST_XML.replace('638344</service_request_id><status>closed', '638349</service_request_id><status>open')}</service_requests>`,
};

export const SERVICE_REQUEST: GeoReportExample = {
  name: 'GET Service Request',
  path: 'requests/{id}.{f}?jurisdiction_id=city.gov',
  root: 'service_requests',
  item: 'request',
  json: [REQUEST_JSON],
  xml: `${X}<service_requests>${REQUEST_XML}</service_requests>`,
};

export const ERRORS: GeoReportExample = {
  name: 'Errors (403, a missing or invalid api_key)',
  path: 'requests.{f}',
  root: 'errors',
  item: 'error',
  json: [{ code: 403, description: "Invalid api_key received -- can't proceed…" }],
  xml:
    `${X}<errors><error><code>403</code>` +
    "<description>Invalid api_key received -- can't proceed…</description></error></errors>",
};
