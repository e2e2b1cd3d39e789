import { useParams } from 'react-router';
import { RequirePermission } from '../features/auth';
import { SqlLab } from '../features/sqllab';

const SQLLAB_FORBIDDEN = 'You do not have access to SQL Lab. Ask an administrator for the sql_lab role.';

/** `/sqllab/` and `/sqllab/p/:key/` (shared-query permalink); users without SQL Lab read a sentence instead of a bare 403. */
export function SqlLabPage() {
  const { key } = useParams();
  return (
    <RequirePermission permission="can_read" view="SQLLab" title="No access to SQL Lab" message={SQLLAB_FORBIDDEN}>
      <SqlLab key={key ?? 'sqllab'} {...(key ? { permalinkKey: key } : {})} />
    </RequirePermission>
  );
}
