import { createApi } from '@reduxjs/toolkit/query/react';
import { tesseraBaseQuery } from './baseQuery';
import { TAG_TYPES } from './tags';

/** The single RTK Query api. Resource modules (`meApi`, `databaseApi`, ...) inject their endpoints into it. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: tesseraBaseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});
