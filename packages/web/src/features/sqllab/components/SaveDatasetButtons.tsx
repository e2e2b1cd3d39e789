import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import { sqllabResourcesApi } from '../../../api/sqllabResourcesApi';
import { Modal } from '../../../ui/Modal';
import { addToast } from '../../toasts';
import { useSqlLabDispatch, useSqlLabSelector } from '../hooks/useSqlLabStore';
import { setDatasetCreation } from '../state/sqlLabSlice';
import type { Query } from '../state/types';

export const DATASET_FAILED = 'An error occurred while creating the data source';

export function exploreUrl(datasetId: number): string {
  return `/explore/?datasource_type=table&datasource_id=${datasetId}`;
}

/** The explorer over a SQL Lab query's results (Superset's `query` datasource): nothing is saved until the chart is. */
export function queryExploreUrl(queryId: number): string {
  return `/explore/?datasource_type=query&datasource_id=${queryId}`;
}

/**
 * 'Save dataset' (asks a name): POST /api/v1/dataset/ then open the explorer on it. 'Create chart' opens the
 * explorer on the query itself; a query the server has no id for yet falls back to a dataset.
 */
export function SaveDatasetButtons({ query }: { query: Query }) {
  const dispatch = useSqlLabDispatch();
  const navigate = useNavigate();
  const tabName = useSqlLabSelector((s) => s.sqlLab.queryEditors.find((qe) => qe.id === query.sqlEditorId)?.name ?? 'Query');
  const status = useSqlLabSelector((s) => s.sqlLab.datasetCreation);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');

  const create = async (tableName: string) => {
    dispatch(setDatasetCreation('started'));
    try {
      const { id } = await dispatch(
        sqllabResourcesApi.endpoints.sqlLabCreateDataset.initiate({
          database: query.dbId,
          schema: query.schema,
          sql: query.sql,
          table_name: tableName,
          is_managed_externally: false,
          external_url: null,
          template_params: query.templateParams,
        }),
      ).unwrap();
      dispatch(setDatasetCreation('success'));
      setOpen(false);
      void navigate(exploreUrl(id));
    } catch {
      dispatch(setDatasetCreation('failed'));
      dispatch(addToast('DANGER_TOAST', DATASET_FAILED));
    }
  };

  const defaultName = `${tabName} ${new Date(query.startDttm).toISOString().replace('T', ' ').slice(0, 19)}`;
  return (
    <>
      <Button size="small" data-test="save-dataset-button" onClick={() => (setName(defaultName), setOpen(true))}>
        Save dataset
      </Button>
      <Button size="small" data-test="create-chart-button" loading={status === 'started' && !open} onClick={() => (query.queryId !== null ? void navigate(queryExploreUrl(query.queryId)) : void create(defaultName))}>
        Create chart
      </Button>
      <Modal
        open={open}
        title="Save or Overwrite Dataset"
        onCancel={() => setOpen(false)}
        onConfirm={() => void create(name.trim())}
        confirmText="Save & Explore"
        confirmDisabled={!name.trim()}
        confirmLoading={status === 'started'}
        dataTest="save-dataset-modal"
      >
        <Form layout="vertical">
          <Form.Item label="Dataset name">
            <Input aria-label="Dataset name" value={name} onChange={(e) => setName(e.target.value)} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
