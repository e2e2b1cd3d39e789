/** Cache tags of the RTK Query api; every endpoint provides or invalidates some of these. */
export const TAG_TYPES = ['Me', 'Database', 'DatabaseSchemas', 'User', 'Role', 'RolePermissions', 'PermissionResource', 'SavedQuery', 'QueryHistory', 'Chart', 'ChartFavorite', 'Dataset', 'Dashboard', 'DashboardFavorite', 'Explore', 'AnnotationLayer', 'Annotation', 'RowLevelSecurity'] as const;
export type TagType = (typeof TAG_TYPES)[number];

/** Id used for the tag of a whole list, so creates and deletes refresh list queries. */
export const LIST_ID = 'LIST';
