/**
 * Public entry of the unit and category administration for other features: the dialog and
 * form helpers the role editor shares (texts under `adminOrg`). Pages place the views from
 * `components/`.
 */
export { useDialog } from './hooks/use-dialog';
export { useDialogForm } from './hooks/use-dialog-form';
export { errorText } from './form-errors';
