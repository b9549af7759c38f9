import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { sweepTempUploads } from './file-storage';
import { fileStoreOf } from './file-store';
import { importLegacyFiles } from './legacy-import';

/**
 * The file store's housekeeping on every node: at start-up the import of files an older
 * version kept under DATA_DIR (legacy-import.ts), then — at start-up and every SWEEP_MS — the
 * sweep: writes a stopped node abandoned are deleted from the store (one node at a time, an
 * advisory lock), and this node's own upload temp files left by a stop are deleted.
 */

export const SWEEP_MS = 60_000;
/** An incomplete write untouched this long, or a temp upload this old, was abandoned. */
export const ABANDONED_AFTER_MS = 3_600_000;
export const STORAGE_SWEEP_LOCK = 7_341_234_7;

export interface StorageSweep {
  /** Abandoned writes deleted from the store; null: another node held the sweep. */
  abandoned: number | null;
  tempUploads: number;
}

export async function sweepStorage(ctx: AppContext): Promise<StorageSweep> {
  const before = new Date(ctx.now().getTime() - ABANDONED_AFTER_MS);
  const store = fileStoreOf(ctx);
  const abandoned = await ctx.db.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      got: boolean;
    }>`SELECT pg_try_advisory_xact_lock(${STORAGE_SWEEP_LOCK}) AS got`.execute(trx);
    return rows[0]?.got ? store.deleteAbandoned(before, { within: trx }) : null;
  });
  // Temp files carry the real time of their last write (not the app's clock).
  const tempUploads = await sweepTempUploads(ctx.settings.dataDir, Date.now() - ABANDONED_AFTER_MS);
  return { abandoned, tempUploads };
}

export function scheduleStorageUpkeep(ctx: AppContext, app: FastifyInstance): void {
  let timer: ReturnType<typeof setInterval> | null = null;
  let sweeping = false;
  const sweep = async () => {
    if (sweeping) return;
    sweeping = true;
    try {
      const r = await sweepStorage(ctx);
      if ((r.abandoned ?? 0) + r.tempUploads > 0) app.log.info(r, 'file store swept');
    } catch (error) {
      app.log.warn({ err: error }, 'file store sweep failed');
    } finally {
      sweeping = false;
    }
  };
  app.addHook('onReady', async () => {
    try {
      const r = await importLegacyFiles(ctx);
      if (r.imported > 0) app.log.info(r, 'files imported from DATA_DIR into the database');
      if (r.missing > 0) {
        app.log.warn(r, 'files the database refers to are neither in it nor under DATA_DIR');
      }
    } catch (error) {
      app.log.warn({ err: error }, 'importing files from DATA_DIR failed');
    }
    await sweep();
    timer = setInterval(() => void sweep(), SWEEP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
