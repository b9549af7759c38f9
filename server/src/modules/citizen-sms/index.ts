export { citizenSmsAfterCommit, notifyCitizen, notifyCitizenSafely } from './citizen-sms.service';
