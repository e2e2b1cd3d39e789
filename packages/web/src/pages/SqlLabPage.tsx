import { useParams } from 'react-router';
import { SqlLab } from '../features/sqllab';

/** `/sqllab/` and `/sqllab/p/:key/` (shared-query permalink). */
export function SqlLabPage() {
  const { key } = useParams();
  return <SqlLab key={key ?? 'sqllab'} {...(key ? { permalinkKey: key } : {})} />;
}
