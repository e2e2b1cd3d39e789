import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { installFetchMock } from '../test/mocks/fetchMock';
import { mockLogin } from '../test/mocks/meMocks';
import { renderWithProviders } from '../test/renderWithProviders';
import { LoginPage } from './LoginPage';

function WhereAmI() {
  const location = useLocation();
  return <div data-test="where">{`${location.pathname}${location.search}`}</div>;
}

function renderLogin(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/login/" element={<LoginPage />} />
      <Route path="*" element={<WhereAmI />} />
    </Routes>,
    { route },
  );
}

function signIn(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  it("shows the server's message and stays on /login/ on bad credentials", async () => {
    const mock = installFetchMock();
    mockLogin(mock);
    renderLogin('/login/?next=%2Fsqllab%2F');
    signIn('admin', 'wrong');
    expect(await screen.findByText('Invalid login. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByText(/\/sqllab\//)).toBeNull();
    const [post] = mock.callsTo('POST', '/login/');
    expect(post?.body).toEqual({ username: 'admin', password: 'wrong' });
    // Login is CSRF-exempt, and the token endpoint answers 401 before login: none is fetched or sent.
    expect(post?.headers['x-csrftoken']).toBeUndefined();
    expect(mock.callsTo('GET', '/api/v1/security/csrf_token/')).toHaveLength(0);
  });

  it('shows the rate-limit message', async () => {
    const mock = installFetchMock();
    mock.on('POST', '/login/', { status: 429, body: { message: 'Too many login attempts, please try again later.' } });
    renderLogin('/login/');
    signIn('admin', 'x');
    expect(await screen.findByText('Too many login attempts, please try again later.')).toBeTruthy();
  });

  it('goes to next after a successful login', async () => {
    const mock = installFetchMock();
    mockLogin(mock);
    renderLogin('/login/?next=%2Fsqllab%2F');
    signIn('admin', 'secret');
    await waitFor(() => expect(screen.getByText('/sqllab/')).toBeTruthy());
  });

  it('goes to the welcome page without next, and never to another site', async () => {
    const mock = installFetchMock();
    mockLogin(mock);
    renderLogin('/login/?next=https%3A%2F%2Fevil.example%2F');
    signIn('admin', 'secret');
    await waitFor(() => expect(screen.getByText('/superset/welcome/')).toBeTruthy());
  });

  it('does not follow a next holding a tab before another slash (/%09/evil.example/)', async () => {
    const mock = installFetchMock();
    mockLogin(mock);
    renderLogin('/login/?next=/%09/evil.example/');
    signIn('admin', 'secret');
    await waitFor(() => expect(screen.getByText('/superset/welcome/')).toBeTruthy());
  });

  it('requires both fields before posting', async () => {
    const mock = installFetchMock();
    renderLogin('/login/');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter your username')).toBeTruthy();
    expect(mock.callsTo('POST', '/login/')).toHaveLength(0);
  });
});
