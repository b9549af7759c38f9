import { z } from 'zod';
import { LIST_VIEW_NAME_MAX } from '@hotline/domain';
import { envelope } from './common';
import { prefKey } from './work-order-reads-detail';
import { endpoint } from './endpoint';

/**
 * Saved list views (我的查询): the caller's own named filters of a list, kept on the server so
 * they follow the user to another browser. A view is the list's URL query (`sort`, `status`,
 * `keyword`…, as the console writes it); applying it reads the list with it, through the
 * list endpoints and their checks, so a view can never show more than its owner may read.
 */

const viewName = z.string().trim().min(1).max(LIST_VIEW_NAME_MAX);
/** A filter as its URL query: at most 30 fields, each a plain name and a short text. */
const viewQuery = z
  .record(z.string().regex(/^[A-Za-z]{1,32}$/), z.string().max(200))
  .refine((q) => Object.keys(q).length <= 30, { message: 'valid.tooManyFields|30' });

/** `key`: the list a view belongs to, its queue id or `orders` for the whole list. */
export const listViewsBody = z.object({ key: prefKey });
export const saveListViewBody = z.object({ key: prefKey, name: viewName, query: viewQuery });
export const deleteListViewBody = z.object({ key: prefKey, name: viewName });

export const listView = z.object({
  name: z.string(),
  query: z.record(z.string(), z.string()),
  savedAt: z.string(),
});
export type ListView = z.infer<typeof listView>;
export const listViewsResponse = envelope(z.object({ key: z.string(), views: z.array(listView) }));

const tags = ['saved views'];
const J = '/addons/jsjb';

export const listViewEndpoints = {
  listViews: endpoint({
    method: 'POST',
    paths: [`${J}/views/list`],
    summary: "The caller's saved views of a list, in the order they were first saved",
    tags,
    access: 'user',
    body: listViewsBody,
    response: listViewsResponse,
  }),
  saveListView: endpoint({
    method: 'POST',
    paths: [`${J}/views/save`],
    summary: 'Save a view of a list under a name (a view of the same name is replaced)',
    tags,
    access: 'user',
    body: saveListViewBody,
    response: listViewsResponse,
  }),
  deleteListView: endpoint({
    method: 'POST',
    paths: [`${J}/views/delete`],
    summary: 'Delete a saved view of a list by its name',
    tags,
    access: 'user',
    body: deleteListViewBody,
    response: listViewsResponse,
  }),
};
