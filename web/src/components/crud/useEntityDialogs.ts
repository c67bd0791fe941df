import { useCallback, useState } from 'react';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { notifyFailure, serverMessage } from '../mutationFeedback';

/**
 * The create / edit / delete dialogs of a list page, with their toasts (spec section 8).
 *
 * ```tsx
 * const { editor, removal } = useEntityDialogs<FeeReply>({
 *   remove: (fee) => deleteFee(fee.serviceID),
 *   afterRemove: () => mutate(),
 *   removedText: 'Xóa dịch vụ thành công!',
 *   removeFailedText: 'Xóa dịch vụ thất bại!',
 * });
 * <Button onClick={editor.openCreate}>Thêm</Button>            // editor.item === null: a new one
 * <IconButton onClick={() => editor.openEdit(fee)} />
 * <IconButton onClick={() => removal.ask(fee)} />
 * <FeeDialog open={editor.open} fee={editor.item} onClose={editor.close} onSaved={…} />
 * <ConfirmDialog {...removal.dialogProps} title="…" message={removal.item?.serviceName} />
 * ```
 *
 * The item stays set while a dialog closes, so its title and text do not change during the animation.
 * The form dialog saves with `useEntitySave`; the confirm dialog deletes through `removal.dialogProps`.
 */
export interface EntityDialogsOptions<T> {
  /** Deletes the item on the server (and, if needed, updates the cache with the reply). */
  remove?: (item: T) => Promise<unknown>;
  /** After the delete and its success toast: revalidate lists, leave the page… */
  afterRemove?: (item: T) => Promise<unknown> | void;
  /** After the failure toast, e.g. refetch what may have changed. */
  afterRemoveFailed?: (item: T, error: unknown) => void;
  removedText?: string;
  /** Prefix of the failure toast, e.g. 'Xóa thiết bị thất bại!'. */
  removeFailedText?: string;
  /** Failures whose server reason is shown in the (still open) confirm dialog, e.g. 409. */
  keepOpenOnStatuses?: readonly number[];
}

export interface EntityEditor<T> {
  open: boolean;
  /** null: creating a new item. */
  item: T | null;
  openCreate: () => void;
  openEdit: (item: T) => void;
  close: () => void;
}

export interface EntityRemoval<T> {
  open: boolean;
  item: T | null;
  ask: (item: T) => void;
  /** Spread into `<ConfirmDialog>`. */
  dialogProps: {
    open: boolean;
    isBusy: boolean;
    error: string | null;
    onConfirm: () => void;
    onClose: () => void;
  };
}

interface Opening<T> {
  open: boolean;
  item: T | null;
}

const CLOSED = { open: false, item: null } as const;

export function useEntityDialogs<T>(options: EntityDialogsOptions<T> = {}): {
  editor: EntityEditor<T>;
  removal: EntityRemoval<T>;
} {
  const [editing, setEditing] = useState<Opening<T>>(CLOSED);
  const [removing, setRemoving] = useState<Opening<T>>(CLOSED);
  const [isRemoving, setIsRemoving] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);

  const openCreate = useCallback(() => setEditing({ open: true, item: null }), []);
  const openEdit = useCallback((item: T) => setEditing({ open: true, item }), []);
  const closeEditor = useCallback(() => setEditing((current) => ({ ...current, open: false })), []);
  const ask = useCallback((item: T) => {
    setRemoveError(null);
    setRemoving({ open: true, item });
  }, []);
  const closeRemoval = useCallback(() => setRemoving((current) => ({ ...current, open: false })), []);

  const { remove, afterRemove, afterRemoveFailed, removedText, removeFailedText, keepOpenOnStatuses } =
    options;
  const confirmRemoval = async () => {
    const item = removing.open ? removing.item : null;
    if (item === null || remove === undefined) return;
    setIsRemoving(true);
    setRemoveError(null);
    let keepOpen = false;
    try {
      await remove(item);
      if (removedText !== undefined) notify.success(removedText);
      await afterRemove?.(item);
    } catch (error) {
      keepOpen = isApiError(error) && (keepOpenOnStatuses ?? []).includes(error.status);
      if (keepOpen) setRemoveError(serverMessage(error));
      notifyFailure(removeFailedText ?? 'Xóa thất bại!', error);
      afterRemoveFailed?.(item, error);
    } finally {
      setIsRemoving(false);
      if (!keepOpen) closeRemoval();
    }
  };

  return {
    editor: { ...editing, openCreate, openEdit, close: closeEditor },
    removal: {
      ...removing,
      ask,
      dialogProps: {
        open: removing.open,
        isBusy: isRemoving,
        error: removeError,
        onConfirm: () => void confirmRemoval(),
        onClose: closeRemoval,
      },
    },
  };
}
