import { z } from 'zod';
import { messageResponse } from './auth';
import { envelope } from './common';
import { endpoint } from './endpoint';

export const searchQuery = z.object({ keyword: z.string().trim().max(50).default('') });
export const searchResponse = envelope(
  z.object({ list: z.array(z.object({ title: z.string(), url: z.string() })) }),
);

/** Client error report (spec section 7, "Error log"). */
export const errorReportBody = z.object({
  town: z.string().max(100).default(''),
  html_url: z.string().max(2000).default(''),
  java_url: z.string().max(2000).default(''),
  code: z.union([z.string().max(20), z.number().int()]).default(''),
  msg: z.string().max(4000).default(''),
});

export const miscEndpoints = {
  search: endpoint({
    method: 'GET',
    paths: ['/search/getList'],
    summary: 'Search suggestions',
    tags: ['config'],
    access: 'user',
    query: searchQuery,
    response: searchResponse,
  }),
  // Optional: a report from a signed-out page is stored too, with the session when there is one.
  errorReport: endpoint({
    method: 'POST',
    paths: ['/addons/jsjb/view/index'],
    summary: 'Store a client error report',
    tags: ['error log'],
    access: 'optional',
    body: errorReportBody,
    response: messageResponse,
  }),
};
