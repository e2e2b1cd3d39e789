import { Modal } from '../../../ui/Modal';

/** Discard while there are unsaved changes. */
export function DiscardConfirmModal({ onConfirm, onCancel }: { onConfirm: () => void; onCancel: () => void }) {
  return (
    <Modal open title="Discard changes?" onCancel={onCancel} onConfirm={onConfirm} confirmText="Discard" confirmDanger dataTest="discard-confirm-modal">
      You have unsaved changes. Discarding them restores the dashboard as it was last saved.
    </Modal>
  );
}

/** Leaving the page (an in-app link) while there are unsaved changes. */
export function LeaveConfirmModal({ onLeave, onStay }: { onLeave: () => void; onStay: () => void }) {
  return (
    <Modal open title="Unsaved changes" onCancel={onStay} onConfirm={onLeave} confirmText="Leave" cancelText="Stay" confirmDanger dataTest="unsaved-changes-modal">
      You have unsaved changes. If you leave this page, they will be lost.
    </Modal>
  );
}
