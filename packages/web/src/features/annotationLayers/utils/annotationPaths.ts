/** Superset's addresses of the annotation layer pages. */
export const ANNOTATION_LAYER_LIST_PATH = '/annotationlayer/list/';
export const annotationListPath = (layerId: number) => `/annotationlayer/${layerId}/annotation/`;
