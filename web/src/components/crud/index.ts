// The create / edit / delete kit every feature slice uses: see useEntityDialogs (page) and
// useEntitySave (form). FormDialog and ConfirmDialog are the dialogs they drive.
export { useEntityDialogs, type EntityEditor, type EntityRemoval } from './useEntityDialogs';
export { useEntitySave, type SaveFeedback } from './useEntitySave';
export { DialogForm, FormDialog, FormDialogActions, TWO_COLUMN_FIELDS_SX } from '../FormDialog';
export { ConfirmDialog } from '../ConfirmDialog';
