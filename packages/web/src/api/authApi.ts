import type { MeResult } from '@tessera/core';
import { baseApi } from './baseApi';
import { resetCsrfToken } from './csrfToken';
import type { LoginCredentials, LoginResponse } from './types';

export const LOGIN_URL = '/login/';
export const LOGOUT_URL = '/logout/';

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * `POST /login/` JSON `{username, password}`; the server sets the session cookie. No CSRF token: login is
     * exempt, and the token endpoint answers 401 before login.
     */
    login: build.mutation<MeResult, LoginCredentials>({
      query: (body) => ({ url: LOGIN_URL, method: 'POST', body, csrf: false }),
      transformResponse: (body: LoginResponse) => body.result,
      async onQueryStarted(_arg, { queryFulfilled }) {
        try {
          await queryFulfilled;
          // The CSRF token is bound to the session, which changes at login.
          resetCsrfToken();
        } catch {
          // the component shows the error
        }
      },
      invalidatesTags: (result) => (result ? ['Me'] : []),
    }),
  }),
});

export const { useLoginMutation } = authApi;
