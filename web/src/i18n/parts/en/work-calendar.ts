/** English texts of `../work-calendar.ts` (same keys; loaded only when the console is in English). */
import type { zh } from '../work-calendar';

export const en: typeof zh = {
  lead: 'Limits in working days count on this calendar: red days are days off, blue days are adjusted working days (调休); other weekdays are working days and weekends are off. Click a day to set or clear it. A change applies to deadlines set from then on; deadlines already set do not move.',
  year: 'Year',
  prevYear: 'Previous year',
  nextYear: 'Next year',
  weekdays: ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'],
  provisionalSwitch: 'Provisional (notice not published)',
  provisionalHint:
    'This year\'s schedule is provisional: the State Council\'s notice is not published yet, or not entered yet (the seeded 2027 lists only the fixed-date statutory days off: New Year, Labour Day, National Day). Once it is published, add Spring Festival, Qingming, Dragon Boat, Mid-Autumn and the adjusted working days, then clear "Provisional".',
  undefined: 'Not set yet',
  export: 'Export',
  import: 'Import',
  imported: '{{year}} imported ({{days}} days)',
  importFailed: 'Import failed; the calendar was not changed',
  importConfirmTitle: 'Import the calendar of {{year}}?',
  importConfirm:
    'The {{days}} entries in the file replace every setting of {{year}}; this cannot be undone (export first to keep a copy).',
  importConfirmOk: 'Replace and import',
  notJson: 'The file is not valid JSON (use the format this page exports)',
  dayTitle: 'Set {{date}}',
  kind: 'Kind',
  kinds: {
    none: 'Ordinary working day',
    weekend: 'Ordinary weekend day',
    holiday: 'Day off',
    workday: 'Adjusted working day',
  },
  states: {
    workday: 'working day',
    weekend: 'weekend',
    holiday: 'day off',
    adjusted: 'adjusted working day',
  },
  workdayHint: 'Adjusted working days can only be Saturdays or Sundays.',
  name: 'Name',
  namePlaceholder: 'e.g. 国庆节, 国庆节调休',
  save: 'Save',
  cancel: 'Cancel',
  saved: 'Saved',
};
