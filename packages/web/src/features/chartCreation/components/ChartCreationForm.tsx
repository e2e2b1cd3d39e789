import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, Card, Flex, Tooltip, Typography } from 'antd';
import type { DatasetOption } from '../../../api/exploreApi';
import { ROUTES } from '../../../routes';
import { recordVizTypeUse, VizTypeGallery } from '../../explore';
import { useAddressDataset } from '../hooks/useAddressDataset';
import { missingChoice } from '../utils/missingChoice';
import { newChartPath } from '../utils/newChartPath';
import { DatasetSelect } from './DatasetSelect';

interface ChartCreationFormProps {
  /** Shows the "Add a dataset" link (the user may write datasets). */
  canAddDataset: boolean;
}

/** Step 1: a dataset; step 2: a chart type; then the explorer opens on both (a double click on a type goes at once). */
export function ChartCreationForm({ canAddDataset }: ChartCreationFormProps) {
  const navigate = useNavigate();
  const fromAddress = useAddressDataset();
  // undefined until the user picks: the dataset named by ?dataset= stands in meanwhile.
  const [picked, setPicked] = useState<DatasetOption | null | undefined>(undefined);
  const [vizType, setVizType] = useState<string | null>(null);
  const dataset = picked === undefined ? fromAddress.dataset : picked;
  const missing = missingChoice(dataset !== null, vizType !== null);

  const create = (chosenDataset: DatasetOption, chosenVizType: string) => {
    recordVizTypeUse(chosenVizType);
    void navigate(newChartPath(chosenDataset.id, chosenVizType));
  };
  const onDoubleClick = (type: string) => {
    setVizType(type);
    if (dataset) create(dataset, type);
  };

  return (
    <Flex vertical gap={16}>
      <Card title="1. Choose a dataset" size="small" data-test="chart-creation-dataset-step">
        <Flex vertical gap={8}>
          <DatasetSelect value={dataset} onChange={setPicked} loading={picked === undefined && fromAddress.loading} />
          {picked === undefined && fromAddress.notFound ? (
            <Alert type="warning" showIcon title="The dataset in the address was not found. Choose another one." data-test="chart-creation-dataset-missing" />
          ) : null}
          {canAddDataset ? (
            <Typography.Text type="secondary">
              Not in the list? <Link to={ROUTES.datasetAdd}>Add a dataset</Link>
            </Typography.Text>
          ) : null}
        </Flex>
      </Card>
      <Card title="2. Choose chart type" size="small" data-test="chart-creation-viz-step">
        <VizTypeGallery selected={vizType} onSelect={setVizType} onDoubleClick={onDoubleClick} height={440} />
      </Card>
      <Flex justify="end" align="center" gap={12}>
        {missing ? (
          <Typography.Text type="secondary" id="chart-creation-missing" data-test="chart-creation-missing">
            {missing}
          </Typography.Text>
        ) : null}
        <Tooltip title={missing}>
          <Button
            type="primary"
            disabled={missing !== null}
            aria-describedby={missing ? 'chart-creation-missing' : undefined}
            onClick={() => dataset && vizType && create(dataset, vizType)}
            data-test="chart-creation-create"
          >
            Create new chart
          </Button>
        </Tooltip>
      </Flex>
    </Flex>
  );
}
