import type { z } from 'zod';
import type { integrationKey } from '@hotline/contract';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../http/app-error';
import type { AuditActor } from '../audit';
import {
  issueIntegrationKey,
  listIntegrationKeys,
  revokeIntegrationKeyAudited,
  type IntegrationKeyRow,
} from '../intake/integration-keys';

/**
 * Integration keys from the console: the same keys, format and hash as the `integration:key`
 * command (both use intake/integration-keys.ts). The key itself is answered once, at creation.
 */

type IntegrationKey = z.infer<typeof integrationKey>;

export function presentKey(row: IntegrationKeyRow): IntegrationKey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at.toISOString(),
    revokedAt: row.revoked_at?.toISOString() ?? null,
  };
}

export async function listKeys(ctx: AppContext): Promise<{ list: IntegrationKey[] }> {
  return { list: (await listIntegrationKeys(ctx.db)).map(presentKey) };
}

export async function createKey(ctx: AppContext, name: string, actor: AuditActor) {
  const { row, key } = await issueIntegrationKey(ctx.db, name, actor);
  return { key: presentKey(row), secret: key };
}

export async function revokeKey(ctx: AppContext, id: number, actor: AuditActor) {
  const outcome = await revokeIntegrationKeyAudited(ctx.db, id, actor, ctx.now());
  if ('missing' in outcome) throw notFound('integrationKey.notFound');
  if ('revokedAt' in outcome) {
    throw conflict('integrationKey.alreadyRevoked', { at: outcome.revokedAt.toISOString() });
  }
  return presentKey(outcome.row);
}
