import { OPEN_STATUSES, type Lang } from '@hotline/domain';
import { list, type Fields } from './open311-format';
import { ATTRIBUTE_TEXTS, statusNote } from './open311-texts';
import type { RequestRow, ServiceRow } from './open311.repository';
import { ATTRIBUTES } from './open311-input';

export function serviceRecord(s: ServiceRow): Fields {
  return {
    service_code: s.code,
    service_name: s.name,
    description: [s.group_name, s.parent_name, s.name]
      .filter((v, i, all) => v && all.indexOf(v) === i)
      .join(' / '),
    metadata: true,
    type: 'realtime',
    keywords: [s.parent_name, s.name].filter(Boolean).join(','),
    group: s.group_name ?? s.name,
  };
}

export function serviceDefinition(s: ServiceRow, lang: Lang): Fields {
  const attributes = Object.entries(ATTRIBUTES).map(([code, values], i) => {
    const texts = ATTRIBUTE_TEXTS[code]!;
    return {
      variable: true,
      code,
      datatype: 'singlevaluelist',
      required: false,
      datatype_description: null,
      order: i + 1,
      description: texts.description[lang],
      values: list(
        'value',
        values.map((key) => ({ key, name: texts.values[key]?.[lang] ?? key })),
      ),
    };
  });
  return { service_code: s.code, attributes: list('attribute', attributes) };
}

/** A service request as the public sees it: never the caller's name or phone, no notes. */
export function requestRecord(r: RequestRow, lang: Lang): Fields {
  // Open as docs/workflow.md says: status 0, 1, 11 or 12 and not merged (the SQL filter too).
  const open = (OPEN_STATUSES as readonly number[]).includes(r.status) && r.merged_into_id === null;
  return {
    service_request_id: r.order_num,
    status: open ? 'open' : 'closed',
    status_notes: statusNote(r, lang),
    service_name: r.service_name,
    service_code: r.service_code,
    description: r.major_content,
    agency_responsible: r.agency,
    service_notice: null,
    requested_datetime: r.call_time,
    updated_datetime: r.updated_at,
    expected_datetime: r.deadline,
    address: r.address === '' ? null : r.address,
    address_id: null,
    zipcode: null,
    lat: r.lat,
    long: r.long,
    media_url: r.media_url,
  };
}
