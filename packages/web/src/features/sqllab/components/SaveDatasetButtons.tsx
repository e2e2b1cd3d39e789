import { useState } from 'react';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { datasetApi } from '../../../api/datasetApi';
import { sqllabResourcesApi } from '../../../api/sqllabResourcesApi';
import { addToast } from '../../toasts';
import { useSqlLabDispatch, useSqlLabSelector } from '../hooks/useSqlLabStore';
import { setDatasetCreation } from '../state/sqlLabSlice';
import type { Query } from '../state/types';
import { SaveDatasetModal, type OverwriteTarget } from './SaveDatasetModal';

export const DATASET_FAILED = 'An error occurred while creating the data source';
export const OVERWRITE_FAILED = 'An error occurred while overwriting the dataset';

export function exploreUrl(datasetId: number): string {
  return `/explore/?datasource_type=table&datasource_id=${datasetId}`;
}

/** The explorer over a SQL Lab query's results (Superset's `query` datasource): nothing is saved until the chart is. */
export function queryExploreUrl(queryId: number): string {
  return `/explore/?datasource_type=query&datasource_id=${queryId}`;
}

/**
 * 'Save dataset' (a new name, or a dataset of the user's to overwrite): POST /api/v1/dataset/, or PUT
 * /api/v1/dataset/<pk>?override_columns=true with the query's SQL and result columns, then open the explorer on it. 'Create chart' opens the
 * explorer on the query itself; a query the server has no id for yet falls back to a dataset.
 */
export function SaveDatasetButtons({ query }: { query: Query }) {
  const dispatch = useSqlLabDispatch();
  const navigate = useNavigate();
  const tabName = useSqlLabSelector((s) => s.sqlLab.queryEditors.find((qe) => qe.id === query.sqlEditorId)?.name ?? 'Query');
  const status = useSqlLabSelector((s) => s.sqlLab.datasetCreation);
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(0);

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

  const overwrite = async (target: OverwriteTarget) => {
    dispatch(setDatasetCreation('started'));
    try {
      const columns = (query.results?.selected_columns ?? []).map((c) => ({ column_name: c.column_name || c.name, type: c.type, is_dttm: c.is_dttm }));
      await dispatch(
        datasetApi.endpoints.updateDataset.initiate({
          id: target.id,
          overrideColumns: true,
          body: { database_id: query.dbId, sql: query.sql, columns, owners: target.owners },
        }),
      ).unwrap();
      dispatch(setDatasetCreation('success'));
      setOpen(false);
      void navigate(exploreUrl(target.id));
    } catch {
      dispatch(setDatasetCreation('failed'));
      dispatch(addToast('DANGER_TOAST', OVERWRITE_FAILED));
    }
  };

  const defaultName = `${tabName} ${new Date(query.startDttm).toISOString().replace('T', ' ').slice(0, 19)}`;
  return (
    <>
      <Button size="small" data-test="save-dataset-button" onClick={() => (setOpened((n) => n + 1), setOpen(true))}>
        Save dataset
      </Button>
      <Button size="small" data-test="create-chart-button" loading={status === 'started' && !open} onClick={() => (query.queryId !== null ? void navigate(queryExploreUrl(query.queryId)) : void create(defaultName))}>
        Create chart
      </Button>
      <SaveDatasetModal
        // A fresh form (name, choice, search) each time it opens.
        key={opened}
        open={open}
        defaultName={defaultName}
        saving={status === 'started'}
        onCancel={() => setOpen(false)}
        onSaveNew={(name) => void create(name)}
        onOverwrite={(target) => void overwrite(target)}
      />
    </>
  );
}
