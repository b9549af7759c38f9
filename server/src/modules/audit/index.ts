export { recordAudit, changesOf, requestActor, AUDIT_ACTIONS } from './audit.repository';
export type { AuditAction, AuditActor, AuditEntry } from './audit.repository';
