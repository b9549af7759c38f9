/** English texts of `../phrases.ts` (same keys; loaded only when the console is in English). */
import type { zh } from '../phrases';

export const en: typeof zh = {
  title: 'Common phrases',
  lead: 'Beside the reply, review, visit and reason fields, click "Phrases" (or press Alt+P in the field) to insert one at the cursor.',
  mine: 'My phrases',
  unit: 'Shared by my unit ({{unit}})',
  unitReadOnly:
    "Your unit's shared phrases are kept by administrators and holders of the 'unit phrases' permission.",
  add: 'New phrase',
  edit: 'Edit phrase',
  text: 'Text',
  category: 'Used for',
  sort: 'Order',
  updatedAt: 'Updated',
  actions: 'Actions',
  editAction: 'Edit',
  delete: 'Delete',
  deleteConfirm: 'Delete this phrase?',
  saved: 'Saved',
  deleted: 'Deleted',
  textRequired: 'Enter the phrase',
  empty: 'No phrases yet',
  loadError: 'The phrases could not be loaded',
  categories: {
    any: 'Any field',
    reply: 'Reply / result',
    review: 'Review opinion',
    visit: 'Return visit',
    reason: 'Reasons (return, extension …)',
  },
  picker: {
    button: 'Phrases',
    hint: 'Insert a phrase (Alt+P)',
    search: 'Search phrases',
    mine: 'Mine',
    unit: 'My unit',
    none: 'No phrases to offer',
    manage: 'Manage phrases',
    keys: '↑↓ choose · Enter insert · Esc close',
  },
};
