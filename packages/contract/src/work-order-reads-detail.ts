import { z } from 'zod';
import { envelope, flag, intField } from './common';
import { orderSummary } from './work-order-reads';

/**
 * Work-order reads around one order and the lookups of the lists: detail, similar orders, org
 * trees, the category tree, column prefs.
 */

const iso = z.string();
const when = iso.nullable();
/** Consoles send '' or null for an unset field: both mean "not given". */
const unset = (v: unknown) => (v === '' || v === null ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unset, schema.optional());

const stateCodes = z
  .object({
    status: z.number().int(),
    mainOrgStatus: z.number().int(),
    huifangState: z.number().int(),
    needReviewStatus: z.number().int().nullable().optional(),
  })
  .nullable();

export const similarItem = z.object({
  id: z.number().int(),
  orderNum: z.string(),
  title: z.string(),
  status: z.number().int(),
  callTime: iso,
  similarity: z.number(),
  /** The caller may open it (an intake agent is shown the district's, opens its own). */
  readable: z.boolean(),
});

export const orderDetail = z.object({
  order: orderSummary.extend({
    visitContacted: z.boolean().nullable(),
    visitHostContacted: z.boolean().nullable(),
    visitResolved: z.boolean().nullable(),
    createdBy: z.number().int().nullable(),
    updatedAt: iso,
  }),
  timeline: z.array(
    z.object({
      id: z.number().int(),
      action: z.string(),
      actorId: z.number().int().nullable(),
      actorName: z.string().nullable(),
      unitId: z.number().int().nullable(),
      unitName: z.string().nullable(),
      from: stateCodes,
      to: stateCodes,
      comment: z.string(),
      time: iso,
    }),
  ),
  attachments: z.array(
    z.object({
      id: z.number().int(),
      fileName: z.string(),
      mimeType: z.string(),
      sizeBytes: z.number().int(),
      fileAuthType: z.number().int(),
      createtime: iso,
      url: z.string(),
    }),
  ),
  requests: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(['extension', 'exclusion']),
      status: z.number().int(),
      hours: z.number().int().nullable(),
      tichuType: z.string().nullable(),
      reason: z.string(),
      requestedBy: z.number().int(),
      requesterName: z.string(),
      decidedBy: z.number().int().nullable(),
      decisionComment: z.string().nullable(),
      createdAt: iso,
      decidedAt: when,
    }),
  ),
  visits: z.array(
    z.object({
      id: z.number().int(),
      attempt: z.number().int(),
      reached: z.boolean(),
      hostContacted: z.boolean().nullable(),
      resolved: z.boolean().nullable(),
      satisfaction: z.string().nullable(),
      remark: z.string(),
      visitorId: z.number().int().nullable(),
      visitorName: z.string().nullable(),
      createdAt: iso,
    }),
  ),
  merges: z.array(
    z.object({
      id: z.number().int(),
      orderNum: z.string(),
      title: z.string(),
      reason: z.string(),
      mergedAt: iso,
    }),
  ),
  calls: z.array(z.object({}).passthrough()),
  /** Absent for street and town users. */
  lock: z
    .object({ userId: z.number().int(), userName: z.string(), expiresAt: iso })
    .nullable()
    .optional(),
  abilities: z.array(z.string()),
});
export type OrderDetail = z.infer<typeof orderDetail>;
export const detailResponse = envelope(orderDetail);

export const similarBody = z
  .object({
    id: optional(intField((n) => n.positive().max(2 ** 53 - 1))),
    title: optional(z.string().trim().min(2).max(200)),
    content: optional(z.string().trim().min(2).max(5000)),
  })
  .refine((b) => b.id !== undefined || b.title !== undefined, {
    path: ['title'],
    error: 'valid.titleOrId',
  });
export const similarResponse = envelope(z.object({ list: z.array(similarItem) }));

const unitNode = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.string(),
  code: z.string(),
  hasChildren: z.boolean(),
});
export interface UnitTreeNode {
  id: number;
  name: string;
  kind: string;
  code: string;
  children: UnitTreeNode[];
}
const unitTreeNode: z.ZodType<UnitTreeNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    kind: z.string(),
    code: z.string(),
    children: z.array(unitTreeNode),
  }),
);
export const hostTreeResponse = envelope(
  z.object({
    list: z.array(
      z.object({ kind: z.string(), name: z.string(), children: z.array(unitTreeNode) }),
    ),
  }),
);
export const unitChildrenBody = z.object({ id: intField((n) => n.positive()) });
export const unitChildrenResponse = envelope(z.object({ list: z.array(unitNode) }));
export const gridTreeBody = z.object({ id: optional(intField((n) => n.positive())) });
export const gridTreeResponse = envelope(z.object({ list: z.array(unitTreeNode) }));

/** A stored preference's key (a list's): letters, digits and _ . : / -, at most 64. */
export const prefKey = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w.:/-]+$/, 'valid.key64');
/** Column widths a list stores, in pixels. */
export const COLUMN_WIDTH = { min: 20, max: 2000 } as const;
export const columnPref = z.object({
  key: z.string().trim().min(1).max(64),
  visible: flag(),
  width: intField((n) => n.min(COLUMN_WIDTH.min).max(COLUMN_WIDTH.max)).optional(),
});
/** Optional table look stored with the columns (spec section 3, "Table preferences"). */
export const tablePref = z.object({
  stripe: z.boolean().optional(),
  border: z.boolean().optional(),
  lineHeight: z.enum(['small', 'middle', 'large']).optional(),
});
export const setColsBody = z.object({
  key: prefKey,
  cols: z.array(columnPref).max(200),
  table: tablePref.optional(),
});
export const getColsBody = z.object({ key: prefKey });
/** Replies carry plain values (response schemas cannot hold the input's conversions). */
const storedColumn = z.object({
  key: z.string(),
  visible: z.boolean(),
  width: z.number().int().optional(),
});
export const colsResponse = envelope(
  z.object({
    key: z.string(),
    cols: z.array(storedColumn).nullable(),
    /** The table look; absent when none was stored with the columns. */
    table: tablePref.optional(),
  }),
);

/** district/queryResultInfo: the handling result of one order (reply and visit). */
export const resultInfoResponse = envelope(
  z.object({
    id: z.number().int(),
    orderNum: z.string(),
    status: z.number().int(),
    hostUnitId: z.number().int().nullable(),
    organizerName: z.string(),
    replyTime: when,
    replyContent: z.string().nullable(),
    replyContacted: z.boolean().nullable(),
    replyResolved: z.boolean().nullable(),
    visitTime: when,
    visitResult: z.string().nullable(),
    visitRemark: z.string().nullable(),
  }),
);
/** town/cityShen: where one order stands with the city. */
export const cityStateResponse = envelope(
  z.object({
    id: z.number().int(),
    orderNum: z.string(),
    status: z.number().int(),
    mainOrgStatus: z.number().int(),
    needReviewStatus: z.number().int().nullable(),
    cityReplyTime: when,
    closedTime: when,
  }),
);
/** Mtgdy/attributeList: the attribute vocabularies (labels and 7x5 categories: in use). */
export const attributesResponse = envelope(
  z.object({
    orderNatures: z.array(z.string()),
    urgencies: z.array(z.string()),
    riskLevels: z.array(z.number().int()),
    labels: z.array(z.string()),
    sevenFiveCategories: z.array(z.string()),
  }),
);
/** lists/getZbTargDepartDict: the units an order can be transferred to, flat. */
export const departmentDictResponse = envelope(
  z.object({
    list: z.array(z.object({ id: z.number().int(), name: z.string(), kind: z.string() })),
  }),
);

/** lists/categoryTree: the problem categories, field → matter → problem (levels 1–3). */
export interface CategoryNode {
  id: number;
  code: string;
  name: string;
  level: number;
  children: CategoryNode[];
}
const categoryNode: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    level: z.number().int(),
    children: z.array(categoryNode),
  }),
);
export const categoryTreeResponse = envelope(z.object({ list: z.array(categoryNode) }));

/** The answer of a path this deployment does not serve (501). */
export const notEnabledResponse = envelope(z.null());
