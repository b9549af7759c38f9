import { z } from 'zod';
import { envelope } from './common';
import { endpoint } from './endpoint';

export const menuQuery = z.object({
  ismenu: z.enum(['0', '1']).default('1'),
  get_id: z.enum(['0', '1']).default('0'),
});

export interface MenuNode {
  id: number;
  key: string;
  path: string;
  name: string;
  component: string;
  meta: {
    title: string;
    titleEn: string;
    icon: string;
    hidden: boolean;
    menuId: string | null;
    badge: number | null;
  };
  children: MenuNode[];
}

export const menuNode: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    key: z.string(),
    path: z.string(),
    name: z.string(),
    component: z.string(),
    meta: z.object({
      title: z.string(),
      titleEn: z.string(),
      icon: z.string(),
      hidden: z.boolean(),
      menuId: z.string().nullable(),
      badge: z.number().int().nullable(),
    }),
    children: z.array(menuNode),
  }),
);

export const menuResponse = envelope(
  z.object({ list: z.union([z.array(menuNode), z.array(z.number().int())]) }),
);

export const menuEndpoints = {
  menu: endpoint({
    method: 'GET',
    paths: ['/rule/menu'],
    summary:
      'Route tree for this user (hidden routes flagged in meta); get_id=1 returns the ids only',
    tags: ['config'],
    access: 'user',
    beforePasswordChange: true,
    query: menuQuery,
    response: menuResponse,
  }),
};
