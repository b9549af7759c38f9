import { z } from 'zod';
import { UNIT_KINDS } from '@hotline/domain';
import { envelope, flag, intField } from './common';
import { endpoint } from './endpoint';

/**
 * The unit tree (组织机构) and the problem categories (问题分类), administered from the
 * console. Nothing is renamed behind the orders' back: orders keep their ids; a disabled unit
 * or category stays on the orders that name it and is no longer offered for new ones. A unit
 * is deleted only when nothing references it (the refusal says what does).
 */

const id = intField((n) => n.positive());
const parentId = z.preprocess((v) => (v === '' || v === 0 || v === '0' ? null : v), id.nullable());
const name = z.string().trim().min(1).max(64);
const code = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, 'valid.code|32');
const sort = intField((n) => n.min(0).max(100000));

export const adminUnit = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(UNIT_KINDS),
  parentId: z.number().int().nullable(),
  sort: z.number().int(),
  disabled: z.boolean(),
  /** Users in this unit (enabled ones). */
  userCount: z.number().int(),
});
export type AdminUnit = z.infer<typeof adminUnit>;

export const unitListResponse = envelope(z.object({ list: z.array(adminUnit) }));
export const adminUnitResponse = envelope(adminUnit);
export const unitCreateBody = z.object({
  name,
  kind: z.enum(UNIT_KINDS),
  /** Left out or null: at the top (a city or district centre only). */
  parentId: parentId.default(null),
  /** Generated when left out. */
  code: code.optional(),
  sort: sort.default(0),
});
export const unitUpdateBody = z.object({
  id,
  name: name.optional(),
  code: code.optional(),
  sort: sort.optional(),
});
export const moveBody = z.object({ id, parentId });
export const orgIdBody = z.object({ id });
export const deletedResponse = envelope(z.object({ id: z.number().int() }));

export const adminCategory = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  parentId: z.number().int().nullable(),
  /** 1–3: the tree has three levels; orders take level-3 categories. */
  level: z.number().int(),
  sort: z.number().int(),
  disabled: z.boolean(),
});
export type AdminCategory = z.infer<typeof adminCategory>;

export const categoryListResponse = envelope(z.object({ list: z.array(adminCategory) }));
export const adminCategoryResponse = envelope(adminCategory);
export const categoryCreateBody = z.object({
  name,
  /** Left out or null: a level-1 category. */
  parentId: parentId.default(null),
  code: code.optional(),
  sort: sort.default(0),
});
export const categoryUpdateBody = z.object({
  id,
  name: name.optional(),
  sort: sort.optional(),
});

/**
 * The body of the pickers' trees (org/queryOrgInfoHdTree, lists/categoryTree): they offer
 * enabled units and categories only, for new orders and dispatch; `all: 1` adds the disabled
 * ones — the order-list filters pass it, since old orders still name them. No body is the
 * same as `{}`.
 */
export const pickerTreeBody = z.object({ all: flag().optional() }).nullish();

const unitTags = ['unit admin'];
const categoryTags = ['category admin'];

export const adminOrgEndpoints = {
  listUnits: endpoint({
    method: 'POST',
    paths: ['/admin/unit/list'],
    summary: 'Every unit (disabled ones too), flat with parent ids',
    tags: unitTags,
    access: 'admin',
    response: unitListResponse,
  }),
  createUnit: endpoint({
    idempotent: true,
    method: 'POST',
    paths: ['/admin/unit/create'],
    summary: 'Create a unit under a parent its kind allows',
    tags: unitTags,
    access: 'admin',
    body: unitCreateBody,
    response: adminUnitResponse,
  }),
  updateUnit: endpoint({
    method: 'POST',
    paths: ['/admin/unit/update'],
    summary: 'Rename a unit, change its code or order',
    tags: unitTags,
    access: 'admin',
    body: unitUpdateBody,
    response: adminUnitResponse,
  }),
  moveUnit: endpoint({
    method: 'POST',
    paths: ['/admin/unit/move'],
    summary: 'Move a unit under another parent its kind allows',
    tags: unitTags,
    access: 'admin',
    body: moveBody,
    response: adminUnitResponse,
  }),
  disableUnit: endpoint({
    method: 'POST',
    paths: ['/admin/unit/disable'],
    summary: 'Disable a unit (no enabled users, sub-units or open orders left in it)',
    tags: unitTags,
    access: 'admin',
    body: orgIdBody,
    response: adminUnitResponse,
  }),
  enableUnit: endpoint({
    method: 'POST',
    paths: ['/admin/unit/enable'],
    summary: 'Enable a disabled unit',
    tags: unitTags,
    access: 'admin',
    body: orgIdBody,
    response: adminUnitResponse,
  }),
  deleteUnit: endpoint({
    method: 'POST',
    paths: ['/admin/unit/delete'],
    summary: 'Delete a unit nothing references (the refusal names what does)',
    tags: unitTags,
    access: 'admin',
    body: orgIdBody,
    response: deletedResponse,
  }),
  listCategories: endpoint({
    method: 'POST',
    paths: ['/admin/category/list'],
    summary: 'Every problem category (disabled ones too), flat with parent ids',
    tags: categoryTags,
    access: 'admin',
    response: categoryListResponse,
  }),
  createCategory: endpoint({
    idempotent: true,
    method: 'POST',
    paths: ['/admin/category/create'],
    summary: 'Add a category (level 1 at the top, else one level below its parent)',
    tags: categoryTags,
    access: 'admin',
    body: categoryCreateBody,
    response: adminCategoryResponse,
  }),
  updateCategory: endpoint({
    method: 'POST',
    paths: ['/admin/category/update'],
    summary: 'Rename or re-order a category',
    tags: categoryTags,
    access: 'admin',
    body: categoryUpdateBody,
    response: adminCategoryResponse,
  }),
  moveCategory: endpoint({
    method: 'POST',
    paths: ['/admin/category/move'],
    summary: 'Move a category under another parent of the level above',
    tags: categoryTags,
    access: 'admin',
    body: moveBody,
    response: adminCategoryResponse,
  }),
  disableCategory: endpoint({
    method: 'POST',
    paths: ['/admin/category/disable'],
    summary: 'Disable a category (and its children): kept on old orders, not offered for new',
    tags: categoryTags,
    access: 'admin',
    body: orgIdBody,
    response: adminCategoryResponse,
  }),
  enableCategory: endpoint({
    method: 'POST',
    paths: ['/admin/category/enable'],
    summary: 'Enable a disabled category',
    tags: categoryTags,
    access: 'admin',
    body: orgIdBody,
    response: adminCategoryResponse,
  }),
};
