import { Link, useNavigate } from 'react-router';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { useGetDatabasesQuery } from '../../../api/databaseApi';
import { ROUTES } from '../../../routes';
import { EmptyState } from '../../../ui/EmptyState';
import { DatabaseOutlined } from '../../../ui/icons';
import { ItemList } from '../../../ui/ItemList';
import { usePermissions } from '../../auth';
import { engineLabel } from '../../databases';
import { ErrorMessage } from '../../errors';

const OVERVIEW_QUERY = { order_column: 'database_name', order_direction: 'asc', page: 0, page_size: 25 } as const;

/** The databases the user can see, from `GET /api/v1/database/`. */
export function DatabaseOverview() {
  const navigate = useNavigate();
  const { can } = usePermissions();
  const canConnect = can('can_write', 'Database');
  const { data, error, isLoading } = useGetDatabasesQuery(OVERVIEW_QUERY);
  const databases = data?.result ?? [];

  return (
    <Card
      title="Databases"
      extra={<Link to={ROUTES.databases}>View all</Link>}
      data-test="home-databases"
      style={{ marginTop: 24 }}
    >
      {error ? (
        <ErrorMessage error={error} />
      ) : databases.length === 0 && !isLoading ? (
        canConnect ? (
          <EmptyState title="No databases yet" description="Connect a database to start querying.">
            <Button type="primary" onClick={() => void navigate(ROUTES.databases)}>
              Connect a database
            </Button>
          </EmptyState>
        ) : (
          <EmptyState title="No databases you can access" description="Ask an administrator for access to a database." />
        )
      ) : (
        <ItemList
          loading={isLoading}
          items={databases}
          itemKey={(db) => db.id}
          renderItem={(db) => (
            <Flex gap={12} align="center">
              <DatabaseOutlined />
              <div>
                <Typography.Text strong>{db.database_name}</Typography.Text>
                {db.changed_on_delta_humanized ? (
                  <div>
                    <Typography.Text type="secondary">Modified {db.changed_on_delta_humanized}</Typography.Text>
                  </div>
                ) : null}
              </div>
            </Flex>
          )}
          renderExtra={(db) => <Tag>{engineLabel(db.backend)}</Tag>}
        />
      )}
      {data && data.count > databases.length ? (
        <Typography.Text type="secondary">
          Showing {databases.length} of {data.count}.
        </Typography.Text>
      ) : null}
    </Card>
  );
}
