export { recordAudit, changesOf, requestActor } from './audit.repository';
export type { AuditAction, AuditActor, AuditEntry } from './audit.repository';
