/**
 * Response and request shapes the web app relies on that `@tessera/core` does not (yet) export.
 * Candidates for core/contracts.
 */
import type { MeResult } from '@tessera/core';

/** `POST /` and `PUT /<pk>` of FAB resources: `{id, result}`. */
export interface MutationResponse<T> {
  id: number;
  result: T;
}

/** `DELETE /<pk>` and other plain acknowledgements: `{message: "OK"}`. */
export interface MessageResponse {
  message: string;
}

/** `GET /api/v1/database/{id}/schemas/`. */
export interface SchemasResponse {
  result: string[];
}

/** `POST /login/` body (JSON). */
export interface LoginCredentials {
  username: string;
  password: string;
}

/** `POST /login/` 200 answer. */
export interface LoginResponse {
  result: MeResult;
}
