import type { z } from 'zod';
import type { uploadedFile } from '@hotline/contract';
import type { AttachmentRow } from './attachment.repository';

export const downloadUrl = (id: number) => `/api/file/download/${id}`;

/** A file record as the console sees it (spec section 3, "File record"). */
export function presentFile(row: AttachmentRow): z.infer<typeof uploadedFile> {
  return {
    id: row.id,
    orderId: row.order_id,
    fileName: row.file_name,
    size: row.size_bytes,
    mimeType: row.mime_type,
    url: downloadUrl(row.id),
    fileAuthType: row.file_auth_type,
    createtime: row.createtime.toISOString(),
  };
}

/**
 * Content-Disposition with an ASCII fallback and the real name in RFC 5987 `filename*`, so
 * Chinese names survive every browser and no quote or line break can escape the header.
 */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
