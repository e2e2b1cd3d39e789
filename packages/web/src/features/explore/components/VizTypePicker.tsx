import { useState } from 'react';
import { Modal } from '../../../ui/Modal';
import { VizTypeGallery } from './VizTypeGallery';

interface VizTypePickerProps {
  open: boolean;
  current: string;
  onSelect: (vizType: string) => void;
  onCancel: () => void;
}

/** The viz type gallery in a modal: Select (or a double click) picks the highlighted type. */
export function VizTypePicker({ open, current, onSelect, onCancel }: VizTypePickerProps) {
  const [selected, setSelected] = useState(current);
  return (
    <Modal open={open} title="Select a visualization type" onCancel={onCancel} onConfirm={() => onSelect(selected)} confirmText="Select" width={900} dataTest="viz-type-modal">
      <VizTypeGallery selected={selected} onSelect={setSelected} onDoubleClick={onSelect} />
    </Modal>
  );
}
