import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, Card, Empty, Flex } from 'antd';
import { useCreateDatasetMutation } from '../../../api/datasetApi';
import { ROUTES } from '../../../routes';
import { PageHeader } from '../../../ui/PageHeader';
import { RequirePermission } from '../../auth';
import { datasetExplorePath } from '../../charts';
import { getClientErrorObject } from '../../errors';
import { TableColumnsPreview } from './TableColumnsPreview';
import { TablePicker, type TableChoice } from './TablePicker';

export const DATASET_EXISTS_WARNING = 'This table already has a dataset associated with it. You can only associate one dataset with a table.';
const CREATE_FORBIDDEN = "You don't have permission to create datasets. Ask an administrator for a role that can write datasets.";

/** `/dataset/add/` for users who may write datasets; everyone else reads why they cannot (the server refuses the POST too). */
export function DatasetAdd() {
  return (
    <RequirePermission
      permission="can_write"
      view="Dataset"
      title="Cannot create datasets"
      message={CREATE_FORBIDDEN}
      extra={<Link to={ROUTES.datasets}>Back to datasets</Link>}
    >
      <DatasetAddForm />
    </RequirePermission>
  );
}

/** Pick a database, schema and table, preview its columns, create the dataset and go on to pick a chart type for it. */
function DatasetAddForm() {
  const navigate = useNavigate();
  const [choice, setChoice] = useState<TableChoice>({ databaseId: null, schema: null, table: null, existingDatasetId: null });
  const [error, setError] = useState<string | null>(null);
  const [create, creating] = useCreateDatasetMutation();

  const onChoice = (next: TableChoice) => {
    setChoice(next);
    setError(null);
  };
  const submit = async () => {
    if (choice.databaseId === null || !choice.table) return;
    try {
      const { id } = await create({ database: choice.databaseId, schema: choice.schema, table_name: choice.table }).unwrap();
      // As Superset: the new dataset goes to the chart-type picker with the dataset chosen.
      void navigate(`${ROUTES.chartAdd}?dataset=${id}`);
    } catch (caught) {
      setError(getClientErrorObject(caught).error);
    }
  };

  return (
    <div data-test="dataset-add-page">
      <PageHeader title="New dataset" />
      <Flex gap={16} align="stretch" wrap>
        <Card style={{ width: 340, flex: 'none' }}>
          <TablePicker value={choice} onChange={onChoice} />
        </Card>
        <Card style={{ flex: 1, minWidth: 320 }}>
          {choice.existingDatasetId !== null ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              data-test="dataset-exists-warning"
              title={DATASET_EXISTS_WARNING}
              action={<Link to={datasetExplorePath(choice.existingDatasetId)}>View Dataset</Link>}
            />
          ) : null}
          {error ? <Alert type="error" showIcon style={{ marginBottom: 16 }} title={error} data-test="dataset-add-error" /> : null}
          {choice.databaseId !== null && choice.table ? (
            <TableColumnsPreview databaseId={choice.databaseId} schema={choice.schema} table={choice.table} />
          ) : (
            <Empty description="Select dataset source: choose a database, a schema and a table to preview its columns." />
          )}
        </Card>
      </Flex>
      <Flex justify="end" gap={8} style={{ marginTop: 16 }}>
        <Button onClick={() => void navigate(ROUTES.datasets)} data-test="dataset-add-cancel">
          Cancel
        </Button>
        <Button
          type="primary"
          data-test="dataset-add-create"
          loading={creating.isLoading}
          disabled={choice.databaseId === null || !choice.table || choice.existingDatasetId !== null}
          onClick={() => void submit()}
        >
          Create dataset and create chart
        </Button>
      </Flex>
    </div>
  );
}
