import type { ConfigEntry } from '@hotline/contract';
import type { ConfigRow } from '../../db/schema';

export function presentConfigEntry(row: ConfigRow): ConfigEntry {
  return {
    id: row.id,
    group: row.group_name,
    name: row.name,
    title: row.title,
    value: row.value,
    type: row.type as ConfigEntry['type'],
    options: row.options ?? [],
    isPublic: row.is_public,
    remark: row.remark,
    sort: row.sort,
  };
}
