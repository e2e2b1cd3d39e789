import { useParams } from 'react-router';
import { AnnotationList } from '../features/annotationLayers';
import { NotFoundPage } from './NotFoundPage';

/** `/annotationlayer/<id>/annotation/`. */
export function AnnotationListPage() {
  const { layerId } = useParams();
  const id = Number(layerId);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  return <AnnotationList key={id} layerId={id} />;
}
