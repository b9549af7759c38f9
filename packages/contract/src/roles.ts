import { z } from 'zod';
import { messageResponse } from './auth';
import { envelope, idList, intField, paging } from './common';
import { endpoint } from './endpoint';

const ruleString = z
  .string()
  .trim()
  .regex(/^\/[A-Za-z0-9_/#.-]{1,127}$/, 'valid.ruleString');

export const authGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  rules: z.array(z.string()),
  userCount: z.number().int(),
  /** A role the system ships (seeded): read-only; custom roles are made from the catalogue. */
  builtin: z.boolean(),
});

export const authGetBody = z.object({ ...paging(1000, 100) });
export const authGetResponse = envelope(
  z.object({ list: z.array(authGroup), total: z.number().int() }),
);
export const authSetBody = z.object({
  name: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{0,31}$/, 'valid.lowerName|32'),
  title: z.string().trim().min(1).max(64),
  rules: z.array(ruleString).max(200).default([]),
});
export const authUpdateBody = z.object({
  id: intField((n) => n.positive()),
  title: z.string().trim().min(1).max(64).optional(),
  rules: z.array(ruleString).max(200).optional(),
});
export const authDeleteBody = z.object({ id: intField((n) => n.positive()) });
export const authGroupResponse = envelope(authGroup);

export const batchUpdateGroupBody = z.object({
  userIds: idList(500),
  groupIds: idList(50),
});
export const batchUpdateGroupResponse = envelope(z.object({ updated: z.number().int() }));

const tags = ['auth admin'];

/** Roles and their rule strings (spec section 7, "Auth admin"); administrators only. */
export const roleEndpoints = {
  listGroups: endpoint({
    method: 'POST',
    paths: ['/auth/get'],
    summary: 'Roles and their rule strings',
    tags,
    access: 'admin',
    body: authGetBody,
    response: authGetResponse,
  }),
  createGroup: endpoint({
    method: 'POST',
    paths: ['/auth/set'],
    summary: 'Create a role',
    tags,
    access: 'admin',
    body: authSetBody,
    response: authGroupResponse,
  }),
  updateGroup: endpoint({
    method: 'POST',
    paths: ['/auth/update'],
    summary: 'Change a role',
    tags,
    access: 'admin',
    body: authUpdateBody,
    response: authGroupResponse,
  }),
  deleteGroup: endpoint({
    method: 'POST',
    paths: ['/auth/delete'],
    summary: 'Delete a role no user holds',
    tags,
    access: 'admin',
    body: authDeleteBody,
    response: messageResponse,
  }),
  setUserGroups: endpoint({
    method: 'POST',
    paths: ['/admin/batchupdategroup'],
    summary: 'Set the roles of several users at once',
    tags,
    access: 'admin',
    body: batchUpdateGroupBody,
    response: batchUpdateGroupResponse,
  }),
};
