import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Button, Result, Spin } from 'antd';
import { httpStatus } from '../../../api/httpTypes';
import { useGetMeQuery } from '../../../api/meApi';
import { getClientErrorObject } from '../../errors';
import { loginPathFor } from '../utils/loginRedirect';

/** Renders its children for a logged-in user; sends anyone else to `/login/?next=<path>`. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { data: user, error, isFetching, refetch } = useGetMeQuery();

  if (error && httpStatus(error) === 401) return <Navigate to={loginPathFor(location)} replace />;
  if (user) return <>{children}</>;
  if (error && !isFetching) {
    return (
      <Result
        status="error"
        title="Could not load your session"
        subTitle={getClientErrorObject(error).error}
        extra={<Button onClick={() => void refetch()}>Try again</Button>}
      />
    );
  }
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
      <Spin size="large" aria-label="Loading" />
    </div>
  );
}
