import type { ReactNode } from 'react';
import { ConfirmDelete } from './ConfirmDelete';

type DeleteMutationHook<A> = () => readonly [(arg: A) => { unwrap: () => Promise<{ message: string }> }, { isLoading: boolean }, ...unknown[]];

/** A resource's delete endpoints as RTK Query hooks: `DELETE /<id>` and bulk `DELETE /?q=!(ids)`. */
export interface DeleteObjectsApi {
  useDeleteOne: DeleteMutationHook<number>;
  useDeleteMany: DeleteMutationHook<number[]>;
}

export interface DeleteObjectsModalProps<T extends { id: number }> {
  /** A module constant: its hooks are called on every render. */
  api: DeleteObjectsApi;
  /** One object: `DELETE /<id>`; several: bulk delete. Empty closes the dialog. */
  items: readonly T[];
  nameOf: (item: T) => string;
  /** How the dialog names the objects ('chart' / 'charts'). */
  noun: { one: string; many: string };
  singleTitle: string;
  bulkTitle?: string;
  /** What deleting one object means; "Are you sure you want to delete <name>?" by default. */
  describeOne?: (item: T) => ReactNode;
  /** Selected objects the user may not delete: named in the dialog, and left alone. */
  kept?: readonly T[];
  /** The app's toasts (features own them; ui imports no feature). */
  toasts: { addSuccessToast: (text: string) => void; addDangerToast: (text: string) => void };
  /** The server's reason for a failed call. */
  errorText: (caught: unknown) => string;
  onClose: () => void;
  onDeleted?: (() => void) | undefined;
}

/** The list pages' delete dialog: confirms (type DELETE), deletes one or several objects, and toasts the outcome. */
export function DeleteObjectsModal<T extends { id: number }>(props: DeleteObjectsModalProps<T>) {
  const { api, items, nameOf, noun, kept = [], toasts, onClose, onDeleted } = props;
  const [deleteOne, single] = api.useDeleteOne();
  const [deleteMany, bulk] = api.useDeleteMany();
  const [first] = items;
  const isBulk = items.length > 1;

  const confirm = async () => {
    if (!first) return;
    try {
      if (isBulk) {
        const { message } = await deleteMany(items.map((item) => item.id)).unwrap();
        toasts.addSuccessToast(message);
      } else {
        await deleteOne(first.id).unwrap();
        toasts.addSuccessToast(`Deleted: ${nameOf(first)}`);
      }
      onDeleted?.();
    } catch (caught) {
      const what = isBulk ? `the selected ${noun.many}` : nameOf(first);
      toasts.addDangerToast(`There was an issue deleting ${what}: ${props.errorText(caught)}`);
    }
    onClose();
  };

  const oneDescription = first && !isBulk ? (props.describeOne?.(first) ?? <>Are you sure you want to delete <strong>{nameOf(first)}</strong>?</>) : null;
  return (
    <ConfirmDelete
      open={first !== undefined}
      title={isBulk ? (props.bulkTitle ?? 'Please confirm') : props.singleTitle}
      description={
        <>
          {isBulk ? <>Are you sure you want to delete the {items.length} selected {noun.many}?</> : oneDescription}
          {kept.length > 0 ? (
            <span data-test="delete-kept-note">
              {' '}
              Only owners or an admin can delete a {noun.one}, so{' '}
              {kept.length === 1 ? `this selected ${noun.one} stays` : `these ${kept.length} selected ${noun.many} stay`}:{' '}
              {kept.map(nameOf).join(', ')}.
            </span>
          ) : null}
        </>
      }
      loading={single.isLoading || bulk.isLoading}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    />
  );
}
