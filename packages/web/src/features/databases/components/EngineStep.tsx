import type { Engine } from '@tessera/core';
import { Button, Col, Row, Typography } from 'antd';
import { DatabaseOutlined } from '../../../ui/icons';
import { ENGINE_LIST } from '../utils/engines';

interface EngineStepProps {
  onSelect: (engine: Engine) => void;
  onUseUri: () => void;
}

/** Step 1: choose the database engine. */
export function EngineStep({ onSelect, onUseUri }: EngineStepProps) {
  return (
    <div data-test="engine-step">
      <Typography.Text type="secondary">STEP 1 OF 2</Typography.Text>
      <Typography.Title level={5} style={{ marginTop: 4 }}>
        Select a database to connect
      </Typography.Title>
      <Row gutter={[12, 12]}>
        {ENGINE_LIST.map((option) => (
          <Col key={option.engine} xs={24} sm={12}>
            <Button
              block
              size="large"
              icon={<DatabaseOutlined aria-hidden />}
              style={{ height: 64 }}
              data-test={`engine-option-${option.engine}`}
              onClick={() => onSelect(option.engine)}
            >
              {option.label}
            </Button>
          </Col>
        ))}
      </Row>
      <Button type="link" style={{ paddingInline: 0, marginTop: 12 }} onClick={onUseUri} data-test="use-sqlalchemy-uri">
        Connect this database with a SQLAlchemy URI string instead
      </Button>
    </div>
  );
}
