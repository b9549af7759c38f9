import { z } from 'zod';
import { messageResponse } from './auth';
import { envelope, intField, paging, flag } from './common';
import { endpoint } from './endpoint';

export const CONFIG_TYPES = ['string', 'number', 'switch', 'text', 'select', 'json'] as const;

const groupName = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,31}$/, 'valid.lowerName|32');
const entryName = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,63}$/, 'valid.lowerName|64');

export const configListBody = z.object({
  group: groupName.default('jsjb'),
  ...paging(1000, 1000),
});

export const configEntry = z.object({
  id: z.number().int(),
  group: z.string(),
  name: z.string(),
  title: z.string(),
  value: z.string(),
  type: z.enum(CONFIG_TYPES),
  options: z.array(z.string()),
  isPublic: z.boolean(),
  remark: z.string(),
  sort: z.number().int(),
});
export type ConfigEntry = z.infer<typeof configEntry>;

export const configListResponse = envelope(
  z.object({
    lists: z.array(configEntry),
    total: z.number().int(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
  }),
);

export const configGroup = z.object({
  name: z.string(),
  title: z.string(),
  sort: z.number().int(),
  entries: z.number().int(),
});
export const configGroupListResponse = envelope(z.object({ list: z.array(configGroup) }));

export const addGroupBody = z.object({
  name: groupName,
  title: z.string().trim().min(1).max(64),
  sort: intField((n) => n.min(0).max(100000)).default(0),
});
export const saveGroupBody = z.object({
  name: groupName,
  title: z.string().trim().min(1).max(64).optional(),
  sort: intField((n) => n.min(0).max(100000)).optional(),
});
export const deleteGroupBody = z.object({ name: groupName });

export const addConfigBody = z.object({
  group: groupName,
  name: entryName,
  title: z.string().trim().min(1).max(64),
  value: z.string().max(20000).default(''),
  type: z.enum(CONFIG_TYPES).default('string'),
  options: z.array(z.string().max(64)).max(50).optional(),
  isPublic: flag().default(false),
  remark: z.string().max(500).default(''),
  sort: intField((n) => n.min(0).max(100000)).default(0),
});
export const saveConfigBody = z.object({
  id: intField((n) => n.positive()),
  title: z.string().trim().min(1).max(64).optional(),
  value: z.string().max(20000).optional(),
  isPublic: flag().optional(),
  remark: z.string().max(500).optional(),
  sort: intField((n) => n.min(0).max(100000)).optional(),
});
export const deleteConfigBody = z.object({ id: intField((n) => n.positive()) });
export const configEntryResponse = envelope(configEntry);

const tags = ['config'];

/**
 * Configuration: entries of a group for signed-in users (non-admins see the public entries
 * only) and, without login, the public (web) entries the login page reads; groups and entries
 * are managed by administrators.
 */
export const configEndpoints = {
  list: endpoint({
    method: 'POST',
    paths: ['/getConfig', '/getConfigList'],
    summary: 'Config entries of a group, paged (non-admins: the public entries only)',
    tags,
    access: 'user',
    body: configListBody,
    response: configListResponse,
  }),
  webList: endpoint({
    method: 'POST',
    paths: ['/getWebConfig', '/getWebConfigList'],
    summary: 'Public config entries of a group, paged (no login needed)',
    tags,
    access: 'public',
    body: configListBody,
    response: configListResponse,
  }),
  groups: endpoint({
    method: 'POST',
    paths: ['/config/getgroup'],
    summary: 'Config groups',
    tags,
    access: 'admin',
    response: configGroupListResponse,
  }),
  addGroup: endpoint({
    method: 'POST',
    paths: ['/config/addgroup'],
    summary: 'Add a config group',
    tags,
    access: 'admin',
    body: addGroupBody,
    response: messageResponse,
  }),
  saveGroup: endpoint({
    method: 'POST',
    paths: ['/config/savegroup'],
    summary: 'Rename or re-sort a config group',
    tags,
    access: 'admin',
    body: saveGroupBody,
    response: messageResponse,
  }),
  deleteGroup: endpoint({
    method: 'POST',
    paths: ['/config/deletegroup'],
    summary: 'Delete an empty config group',
    tags,
    access: 'admin',
    body: deleteGroupBody,
    response: messageResponse,
  }),
  addEntry: endpoint({
    method: 'POST',
    paths: ['/config/add'],
    summary: 'Add a config entry',
    tags,
    access: 'admin',
    body: addConfigBody,
    response: configEntryResponse,
  }),
  saveEntry: endpoint({
    method: 'POST',
    paths: ['/config/save'],
    summary: 'Change a config entry',
    tags,
    access: 'admin',
    body: saveConfigBody,
    response: configEntryResponse,
  }),
  deleteEntry: endpoint({
    method: 'POST',
    paths: ['/config/delete'],
    summary: 'Delete a config entry',
    tags,
    access: 'admin',
    body: deleteConfigBody,
    response: messageResponse,
  }),
};
