export { AnnotationLayerList } from './components/AnnotationLayerList';
export { AnnotationList } from './components/AnnotationList';
export { ANNOTATION_LAYER_LIST_PATH, annotationListPath } from './utils/annotationPaths';
