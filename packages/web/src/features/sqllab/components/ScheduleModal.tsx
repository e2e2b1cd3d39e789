import { useState } from 'react';
import { Button, DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { sqllabResourcesApi } from '../../../api/sqllabResourcesApi';
import { Modal } from '../../../ui/Modal';
import { useToasts } from '../../toasts';
import { useSqlLabDispatch } from '../hooks/useSqlLabStore';
import type { QueryEditor } from '../state/types';

export const SCHEDULE_MSG = {
  ok: 'Your query has been scheduled. To see details of your query, navigate to Saved queries',
  failed: 'Your query could not be scheduled',
};

/** Schedules the query (`POST /savedqueryviewapi/api/create` with schedule_info in extra_json). */
export function ScheduleModal({ editor }: { editor: QueryEditor }) {
  const dispatch = useSqlLabDispatch();
  const { addSuccessToast, addDangerToast } = useToasts();
  const [open, setOpen] = useState(false);
  const [label, setLabel] = useState('');
  const [description, setDescription] = useState('');
  const [interval, setInterval] = useState('daily');
  const [start, setStart] = useState<Dayjs | null>(null);
  const [outputTable, setOutputTable] = useState('');

  const submit = async () => {
    const scheduleInfo = { interval, start_date: start?.toISOString() ?? null, output_table: outputTable || null };
    try {
      await dispatch(
        sqllabResourcesApi.endpoints.sqlLabScheduleQuery.initiate({
          label: label.trim(),
          description,
          db_id: editor.dbId,
          schema: editor.schema,
          sql: editor.sql,
          extra_json: JSON.stringify({ schedule_info: scheduleInfo }),
        }),
      ).unwrap();
      addSuccessToast(SCHEDULE_MSG.ok);
      setOpen(false);
    } catch {
      addDangerToast(SCHEDULE_MSG.failed);
    }
  };

  return (
    <>
      <Button data-test="schedule-query-button" onClick={() => (setLabel(editor.name), setOpen(true))}>
        Schedule
      </Button>
      <Modal open={open} title="Schedule query" onCancel={() => setOpen(false)} onConfirm={() => void submit()} confirmText="Submit" confirmDisabled={!label.trim()} dataTest="schedule-modal">
        <Form layout="vertical">
          <Form.Item label="Label">
            <Input aria-label="Label" value={label} onChange={(e) => setLabel(e.target.value)} />
          </Form.Item>
          <Form.Item label="Description">
            <Input.TextArea aria-label="Schedule description" value={description} onChange={(e) => setDescription(e.target.value)} />
          </Form.Item>
          <Form.Item label="Interval">
            <Select
              value={interval}
              onChange={setInterval}
              options={['hourly', 'daily', 'weekly', 'monthly'].map((v) => ({ value: v, label: v }))}
            />
          </Form.Item>
          <Form.Item label="Start">
            <DatePicker showTime value={start} onChange={setStart} />
          </Form.Item>
          <Form.Item label="Output table">
            <Input aria-label="Output table" value={outputTable} onChange={(e) => setOutputTable(e.target.value)} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
