import {
  canRead,
  isCoHostOf,
  isDispatcher,
  isHostOf,
  isIntakeAgent,
  isReviewer,
  isVisitor,
  type Actor,
  type OrderState,
} from '@hotline/domain';
import type { AttachmentRow } from './attachment.repository';

/**
 * Who may do what with attachments. Reading follows the order's row scope (WORKFLOW section 8);
 * a district-only file (fileAuthType 2) is further limited to district-centre users.
 */

/** Working staff of the district centre (leaders read, they do not add files). */
export const isDistrictStaff = (a: Actor) =>
  a.admin ||
  (a.unitKind === 'district' &&
    (isDispatcher(a) || isReviewer(a) || isVisitor(a) || isIntakeAgent(a)));

const isDistrictUser = (a: Actor) => a.admin || a.unitKind === 'district';

/** Attach to an order: its host and co-host units, and district staff who can read it. */
export const mayAttach = (a: Actor, o: OrderState) =>
  canRead(a, o) && (isDistrictStaff(a) || isHostOf(a, o) || isCoHostOf(a, o));

/** Download: the uploader while unattached; afterwards whoever reads the order. */
export function mayDownload(a: Actor, file: AttachmentRow, order: OrderState | null): boolean {
  if (file.order_id === null || !order)
    return file.order_id === null && file.created_by === a.userId;
  if (!canRead(a, order)) return false;
  return file.file_auth_type === 1 || isDistrictUser(a);
}
