// The error report form and the error view shared by the project and scenario pages
// (spec 2 §3 'Error report', §5; spec 1 §4 'Project error').
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_REPORT_MESSAGES, ErrorReportForm, ErrorStatusView, SuccessAlert } from '../src/index.ts';
import { renderAt, reply, serve } from '../src/testing.tsx';

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const change = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('ErrorReportForm', () => {
  it('requires a title and comments, then posts the report with the message and exception', async () => {
    const calls = serve({ 'POST errorreports': { id: 12 } });
    const onSubmitted = vi.fn();
    renderAt('/', '/', <ErrorReportForm projectID={7} scenarioID={4} message="The run failed." exception="Error: boom" clearErrorLabel="Clear the error" onSubmitted={onSubmitted} />);
    fireEvent.click(screen.getByTestId('report-submit'));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(calls).toHaveLength(0);
    change('report-title', '  Run fails  ');
    fireEvent.click(screen.getByTestId('report-submit'));
    expect(await screen.findAllByText('Required')).toHaveLength(1);
    change('report-comments', 'It fails at the start.');
    fireEvent.click(screen.getByTestId('report-clear-error'));
    fireEvent.click(screen.getByTestId('report-submit'));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith({ id: 12, clearedError: true }));
    expect(calls).toMatchObject([
      {
        method: 'POST',
        url: 'errorreports',
        body: { projectID: 7, scenarioID: 4, title: 'Run fails', message: 'The run failed.', exception: 'Error: boom', userComments: 'It fails at the start.', clearError: true },
      },
    ]);
  });

  it('sends no scenario and never clears without the choice; shows the details when asked', async () => {
    const calls = serve({ 'POST errorreports': { id: 3 } });
    renderAt('/', '/', <ErrorReportForm projectID={7} message="Creation failed." exception="Traceback" showDetails onSubmitted={() => {}} />);
    expect(screen.getByTestId('report-message').textContent).toBe('Creation failed.');
    expect(screen.getByTestId('report-exception').textContent).toBe('Traceback');
    expect(screen.queryByTestId('report-clear-error')).toBeNull();
    change('report-title', 'Feedback');
    change('report-comments', 'Nice.');
    fireEvent.click(screen.getByTestId('report-submit'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ projectID: 7, scenarioID: null, title: 'Feedback', message: 'Creation failed.', exception: 'Traceback', userComments: 'Nice.', clearError: false });
  });

  it('shows the server’s field errors by their field and in the error list', async () => {
    serve({ 'POST errorreports': reply(400, { errors: { title: ['Must be fewer than 200 characters'] } }) });
    const onSubmitted = vi.fn();
    renderAt('/', '/', <ErrorReportForm projectID={7} onSubmitted={onSubmitted} />);
    change('report-title', 'x');
    change('report-comments', 'y');
    fireEvent.click(screen.getByTestId('report-submit'));
    expect(await screen.findAllByText('Must be fewer than 200 characters')).toHaveLength(2);
    expect(screen.getByTestId('error-list')).toBeTruthy();
    expect(onSubmitted).not.toHaveBeenCalled();
  });
});

describe('ErrorStatusView', () => {
  function Host({ onCleared }: { onCleared: () => void }) {
    const [reported, setReported] = useState(false);
    return (
      <>
        <SuccessAlert show={reported} message={ERROR_REPORT_MESSAGES.submitted} onClose={() => setReported(false)} />
        <ErrorStatusView
          title="An error occurred in the project"
          statusMessage="Creation failed."
          exceptionMessage="Traceback"
          clearPath="projects/clearerror/7"
          onCleared={onCleared}
          report={{ projectID: 7, clearErrorLabel: 'Clear the error from this project' }}
          onReported={() => setReported(true)}
          testId="project-error"
        />
      </>
    );
  }

  it('submits a report from its modal (clearing the error when asked), and clears the error', async () => {
    const calls = serve({ 'POST errorreports': { id: 5 }, 'projects/clearerror/7': { value: true } });
    const onCleared = vi.fn();
    renderAt('/', '/', <Host onCleared={onCleared} />);
    expect(screen.getByTestId('error-status-message').textContent).toBe('Creation failed.');
    expect(screen.getByTestId('error-exception').textContent).toBe('Traceback');
    fireEvent.click(screen.getByTestId('report-open'));
    change('report-title', 'Creation fails');
    change('report-comments', 'Every time.');
    fireEvent.click(screen.getByTestId('report-clear-error'));
    fireEvent.click(screen.getByTestId('report-submit'));
    expect((await screen.findByRole('status')).textContent).toBe('Error report submitted.');
    expect(calls[0]!.body).toMatchObject({ projectID: 7, scenarioID: null, message: 'Creation failed.', exception: 'Traceback', clearError: true });
    expect(onCleared).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByTestId('report-submit')).toBeNull());

    fireEvent.click(screen.getByTestId('clear-error'));
    await waitFor(() => expect(onCleared).toHaveBeenCalledTimes(2));
    expect(calls.map((c) => c.url)).toEqual(['errorreports', 'projects/clearerror/7']);
  });
});
