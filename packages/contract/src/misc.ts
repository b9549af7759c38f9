import { z } from 'zod';
import { envelope } from './common';

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

/** Endpoints of this area (filled in as the routes move to declarations). */
export const miscEndpoints = {};
