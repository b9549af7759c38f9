// Public API of the export feature: the export jobs store the push channel patches.
export { useExportJobsStore } from './job-store';
