import { AnnotationLayerList } from '../features/annotationLayers';

/** `/annotationlayer/list/`. */
export function AnnotationLayerListPage() {
  return <AnnotationLayerList />;
}
