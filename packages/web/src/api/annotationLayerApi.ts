import rison from 'rison';
import type {
  AnnotationCreate,
  AnnotationLayerCreate,
  AnnotationLayerListItem,
  AnnotationLayerShow,
  AnnotationLayerUpdate,
  AnnotationListItem,
  AnnotationUpdate,
  ListResponse,
} from '@tessera/core';
import { baseApi } from './baseApi';
import { encodeListQuery, type ListParams } from './listQuery';
import { LIST_ID } from './tags';
import type { MessageResponse, MutationResponse } from './types';

export const ANNOTATION_LAYER_URL = '/api/v1/annotation_layer/';
const annotationsUrl = (layerId: number) => `${ANNOTATION_LAYER_URL}${layerId}/annotation/`;

export type { AnnotationLayerListItem, AnnotationLayerShow, AnnotationListItem } from '@tessera/core';

/** Times are sent as ISO text; the server stores them as naive UTC. */
export type AnnotationInput = AnnotationCreate;
export type AnnotationChangeInput = AnnotationUpdate;

/** `/api/v1/annotation_layer/` and its `/annotation/` sub-resource (native annotation layers). */
export const annotationLayerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listAnnotationLayers: build.query<ListResponse<AnnotationLayerListItem>, ListParams>({
      query: (params) => ({ url: ANNOTATION_LAYER_URL, params: { q: encodeListQuery(params) } }),
      providesTags: (result) => [
        { type: 'AnnotationLayer', id: LIST_ID },
        ...(result?.result ?? []).map((layer) => ({ type: 'AnnotationLayer' as const, id: layer.id })),
      ],
    }),
    getAnnotationLayer: build.query<AnnotationLayerShow, number>({
      query: (id) => `${ANNOTATION_LAYER_URL}${id}`,
      transformResponse: (body: { result: AnnotationLayerShow }) => body.result,
      providesTags: (_result, _error, id) => [{ type: 'AnnotationLayer', id }],
    }),
    createAnnotationLayer: build.mutation<MutationResponse<AnnotationLayerCreate>, AnnotationLayerCreate>({
      query: (body) => ({ url: ANNOTATION_LAYER_URL, method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'AnnotationLayer', id: LIST_ID }]),
    }),
    updateAnnotationLayer: build.mutation<MutationResponse<AnnotationLayerUpdate>, { id: number; body: AnnotationLayerUpdate }>({
      query: ({ id, body }) => ({ url: `${ANNOTATION_LAYER_URL}${id}`, method: 'PUT', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'AnnotationLayer', id }, { type: 'AnnotationLayer', id: LIST_ID }]),
    }),
    /** `DELETE /api/v1/annotation_layer/?q=!(1,2)`; one id deletes one layer. */
    deleteAnnotationLayers: build.mutation<MessageResponse, number[]>({
      query: (ids) => ({ url: ANNOTATION_LAYER_URL, method: 'DELETE', params: { q: rison.encode(ids) } }),
      invalidatesTags: (_result, error, ids) =>
        error ? [] : [...ids.map((id) => ({ type: 'AnnotationLayer' as const, id })), { type: 'AnnotationLayer', id: LIST_ID }],
    }),
    listAnnotations: build.query<ListResponse<AnnotationListItem>, { layerId: number; params: ListParams }>({
      query: ({ layerId, params }) => ({ url: annotationsUrl(layerId), params: { q: encodeListQuery(params) } }),
      providesTags: (_result, _error, { layerId }) => [{ type: 'Annotation', id: layerId }],
    }),
    createAnnotation: build.mutation<MutationResponse<AnnotationInput>, { layerId: number; body: AnnotationInput }>({
      query: ({ layerId, body }) => ({ url: annotationsUrl(layerId), method: 'POST', body }),
      invalidatesTags: (_result, error, { layerId }) => (error ? [] : [{ type: 'Annotation', id: layerId }]),
    }),
    updateAnnotation: build.mutation<MutationResponse<AnnotationChangeInput>, { layerId: number; id: number; body: AnnotationChangeInput }>({
      query: ({ layerId, id, body }) => ({ url: `${annotationsUrl(layerId)}${id}`, method: 'PUT', body }),
      invalidatesTags: (_result, error, { layerId }) => (error ? [] : [{ type: 'Annotation', id: layerId }]),
    }),
    deleteAnnotations: build.mutation<MessageResponse, { layerId: number; ids: number[] }>({
      query: ({ layerId, ids }) => ({ url: annotationsUrl(layerId), method: 'DELETE', params: { q: rison.encode(ids) } }),
      invalidatesTags: (_result, error, { layerId }) => (error ? [] : [{ type: 'Annotation', id: layerId }]),
    }),
  }),
});

export const {
  useListAnnotationLayersQuery,
  useGetAnnotationLayerQuery,
  useCreateAnnotationLayerMutation,
  useUpdateAnnotationLayerMutation,
  useDeleteAnnotationLayersMutation,
  useListAnnotationsQuery,
  useCreateAnnotationMutation,
  useUpdateAnnotationMutation,
  useDeleteAnnotationsMutation,
} = annotationLayerApi;
