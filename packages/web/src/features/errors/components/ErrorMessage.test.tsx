import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ToastContainer } from '../../toasts';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { fieldMessageLines } from './ErrorEntryAlert';
import { ErrorMessage } from './ErrorMessage';

const hostnameError = {
  status: 422,
  data: {
    errors: [
      {
        message: 'The hostname "x" cannot be resolved.',
        error_type: 'CONNECTION_INVALID_HOSTNAME_ERROR',
        level: 'error',
        extra: { issue_codes: [{ code: 1007, message: "Issue 1007 - The hostname provided can't be resolved." }] },
      },
    ],
  },
};

describe('ErrorMessage', () => {
  it('renders an errors entry with its type, message and issue codes', () => {
    renderWithProviders(<ErrorMessage error={hostnameError} />);
    expect(screen.getByText('The hostname "x" cannot be resolved.')).toBeTruthy();
    expect(screen.getByText('CONNECTION_INVALID_HOSTNAME_ERROR')).toBeTruthy();
    expect(screen.getByText("Issue 1007 - The hostname provided can't be resolved.")).toBeTruthy();
  });

  it('lists the fields an invalid request got wrong, by their own names', () => {
    const messages = { queries: { 0: { row_limit: ['Must be greater than or equal to 0.'] } } };
    const invalid = { status: 400, data: { message: messages, errors: [{ message: 'Request is not valid.', error_type: 'INVALID_PAYLOAD_SCHEMA_ERROR', level: 'error', extra: { messages, issue_codes: [] } }] } };
    renderWithProviders(<ErrorMessage error={invalid} />);
    expect(screen.getByText('row_limit: Must be greater than or equal to 0.')).toBeTruthy();
    expect(fieldMessageLines({ queries: { 0: { time_range: ['Not a valid string.'] } }, _schema: ['Bad.'] })).toEqual(['time_range: Not a valid string.', '_schema: Bad.']);
    // A nested object's own errors (`_schema`) read as that field's, list items by their list's name.
    expect(fieldMessageLines({ queries: { 0: { extras: { _schema: ['Invalid input type.'] }, filters: { 1: { op: ['Must be one of: ==, IN.'] } } } } })).toEqual([
      'extras: Invalid input type.',
      'filters.op: Must be one of: ==, IN.',
    ]);
  });

  it('renders timeout issue codes', () => {
    renderWithProviders(<ErrorMessage error={{ status: 'TIMEOUT_ERROR', error: 'x', timeout: 1000 }} />);
    expect(screen.getByText('Issue 1000 - The dataset is too large to query.')).toBeTruthy();
    expect(screen.getByText('Issue 1001 - The database is under an unusual load.')).toBeTruthy();
  });

  it("shows the 'Unexpected error' box with See more / See less for unknown shapes", () => {
    renderWithProviders(<ErrorMessage error={{ status: 500, data: { description: 'boom', stack: 'at line 1' } }} />);
    expect(screen.getByText('Unexpected error')).toBeTruthy();
    expect(screen.getByText('Unexpected error: boom')).toBeTruthy();
    expect(screen.queryByText('at line 1')).toBeNull();
    fireEvent.click(screen.getByText('See more'));
    expect(screen.getByText('at line 1')).toBeTruthy();
    fireEvent.click(screen.getByText('See less'));
    expect(screen.queryByText('at line 1')).toBeNull();
  });

  it("copies the message and confirms with 'Copied to clipboard!'", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithProviders(
      <>
        <ErrorMessage error="Something odd" />
        <ToastContainer />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy message' }));
    await screen.findByText('Copied to clipboard!');
    expect(writeText).toHaveBeenCalledWith('Something odd');
  });

  it('says copying is unsupported when the browser cannot copy', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    document.execCommand = vi.fn(() => false);
    renderWithProviders(
      <>
        <ErrorMessage error="Something odd" />
        <ToastContainer />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy message' }));
    await waitFor(() => expect(screen.getByText('Sorry, your browser does not support copying. Use Ctrl / Cmd + C!')).toBeTruthy());
  });
});
